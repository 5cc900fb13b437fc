/**
 * What the Lambda bundles get in place of the `jsonschema` package (28 KB; infra/src/bundles.ts aliases
 * it; docs/decisions.md D42). ElectroDB uses jsonschema for one thing: checking an entity's model when
 * the entity is built (and, in a Service, telling a model from an Entity instance). Our models are
 * fixed in the code and checked in full by the real jsonschema wherever they are built outside a
 * bundle (every test); infra/test/bundles.test.ts holds this stand-in to ElectroDB's answers with the
 * real package for each of our models and entities. What it still checks is the top level of the
 * schema ElectroDB passes: the value is an object and has the required properties (both forms of
 * `required`), which is what tells a model (attributes, indexes) from an Entity instance (neither).
 */

interface Schema {
  readonly type?: string | readonly string[];
  readonly required?: boolean | readonly string[];
  readonly properties?: Readonly<Record<string, Schema>>;
}

interface ValidationError {
  readonly property: string;
  readonly message: string;
  readonly argument: unknown;
}

export class Validator {
  /** ElectroDB registers its function checks here; the shallow check never reaches them. */
  customFormats: Record<string, (input: unknown) => boolean> = {};

  addSchema(_schema: Schema, _id?: string): void {}

  validate(instance: unknown, schema: Schema): { errors: ValidationError[] } {
    const errors: ValidationError[] = [];
    if (
      schema.type === 'object' &&
      (typeof instance !== 'object' || instance === null || Array.isArray(instance))
    ) {
      errors.push({ property: 'instance', message: 'is not of a type(s) object', argument: ['object'] });
      return { errors };
    }
    const value = instance as Record<string, unknown>;
    const required = [
      ...(Array.isArray(schema.required) ? schema.required : []),
      ...Object.entries(schema.properties ?? {})
        .filter(([, p]) => p.required === true)
        .map(([name]) => name),
    ];
    for (const name of new Set(required)) {
      if (value[name] === undefined)
        errors.push({ property: `instance.${name}`, message: 'is required', argument: name });
    }
    return { errors };
  }
}

Validator.prototype.customFormats = {};
