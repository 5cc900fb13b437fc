/**
 * Records as the domain reads them, inferred from the entities (decisions D36): ElectroDB's own item
 * type (`EntityItem`, from the entity's attributes), so a field the entity does not have, or a value of
 * another type, fails typecheck instead of hiding behind a cast. Only the entity's `any` attributes
 * (embedded maps and documents) are given the shape stored in them here; naming any other attribute,
 * or one the entity lacks, is a type error.
 */
import type { Entity, EntityItem } from 'electrodb';

// biome-ignore lint/suspicious/noExplicitAny: the parameters of any ElectroDB entity
type AnyEntity = Entity<any, any, any, any>;
type IsAny<T> = 0 extends 1 & T ? true : false;

/** Shapes for some of the `any` attributes of entity E: every key must be one. */
export type ShapesOf<E extends AnyEntity, S> = {
  [K in keyof S]: K extends keyof EntityItem<E>
    ? IsAny<EntityItem<E>[K]> extends true
      ? S[K]
      : never
    : never;
};

/** The item of entity E, with the `any` attributes named in S given their stored shapes. */
export type StoredItem<E extends AnyEntity, S extends ShapesOf<E, S> = Record<never, never>> = Omit<
  EntityItem<E>,
  keyof S
> &
  S;
