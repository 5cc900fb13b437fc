/**
 * ElectroDB's own modules, typed as its index: the table code imports Entity and the write
 * transaction from them, so no bundle carries the Service (19 KB) it does not use (ElectroDB is
 * CommonJS; its index requires everything). docs/decisions.md D42.
 */
declare module 'electrodb/src/entity.js' {
  export { Entity } from 'electrodb';
}
declare module 'electrodb/src/transaction.js' {
  export { createWriteTransaction } from 'electrodb';
}
declare module 'electrodb/src/schema.js' {
  export { CustomAttributeType } from 'electrodb';
}
