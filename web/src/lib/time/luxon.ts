/**
 * Luxon for the app's features, its default zone the display zone (lib/time/zone.ts): set when Luxon
 * loads, with the pages that use it, and again at every change of the person's zone. Features import
 * Luxon from here, never from 'luxon' itself (web/test/luxon-zone.test.ts), so a page never draws a
 * time in the computer's zone when the person's settings say another.
 */
import { Settings } from 'luxon';
import { followDisplayZone } from './zone.ts';

followDisplayZone((zone) => {
  Settings.defaultZone = zone;
});

export * from 'luxon';
