/** The AI builder's address (spec 002 §2). */
export const aiBuilderPath = '/templates/ai-builder';
