import { queries, within, type BoundFunctions } from '@testing-library/react';

/**
 * The queries of the current document, for component tests. The test files share their
 * modules (the unit suite runs without isolation) while each has its own document, so a
 * query finds the document when it runs; Testing Library's `screen` is bound to the first.
 */
export function page(): BoundFunctions<typeof queries> {
  return within(document.body);
}
