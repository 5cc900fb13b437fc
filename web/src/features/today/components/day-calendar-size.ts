/** The day calendar's grid height on Today (px); its column keeps this room before it loads. */
export const DAY_CALENDAR_HEIGHT = 600;
