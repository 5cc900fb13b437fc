/**
 * Where the planning viewer meets what other parts build (issue 16): converting a plan to a draft or
 * to a template (the templates part) and the role-mapping panel (the roles part). Until those are
 * merged the toolbar shows neither conversion; filling `conversions` here shows both buttons.
 */
export interface PlanConversions {
  toDraft: (rootId: string, done: () => void) => void;
  toTemplate: (rootId: string, done: () => void) => void;
}

export const planningSeams: { conversions: PlanConversions | null } = { conversions: null };
