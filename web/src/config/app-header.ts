/** The app shell's header height; what floats under the header (the sync message) starts below it. */
export const APP_HEADER_HEIGHT = 56;
