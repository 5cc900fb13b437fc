/**
 * The Today tabs (spec 001 §2): My tasks, Pending, Delegated, and Issues for allow-listed accounts
 * only. The query's tab=delegated opens Delegated; My tasks is the page without a tab in the query.
 */
export const TODAY_TABS = ['my-tasks', 'pending', 'delegated', 'issues'] as const;
export type TodayTab = (typeof TODAY_TABS)[number];

export const DEFAULT_TAB: TodayTab = 'my-tasks';

export function tabFromQuery(value: string | null, canSeeIssues: boolean): TodayTab {
  const tab = TODAY_TABS.find((t) => t === value);
  if (!tab || (tab === 'issues' && !canSeeIssues)) return DEFAULT_TAB;
  return tab;
}

/** The query value for a tab: none for My tasks, so the plain / stays the plain /. */
export const queryForTab = (tab: TodayTab): string | null => (tab === DEFAULT_TAB ? null : tab);
