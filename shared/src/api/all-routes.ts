/**
 * Every route of the manifest, in order (routes.ts re-exports them as `routes`): the routes the web's
 * entry may use (route-defs.ts), then the areas with screens of their own (areas/), each a module a
 * lazily loaded chunk imports alone, so the entry does not carry them (decisions D62).
 */

export * from './areas/agendas.ts';
export * from './areas/contacts.ts';
export * from './areas/curricula.ts';
export * from './areas/grid.ts';
export * from './areas/import.ts';
export * from './areas/integrations.ts';
export * from './areas/planning.ts';
export * from './areas/request-links.ts';
export * from './areas/roles.ts';
export * from './areas/surveys.ts';
export * from './areas/templates.ts';
export * from './route-defs.ts';
