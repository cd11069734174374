// The jest-dom matchers (toBeInTheDocument, toHaveValue, ...) for the type-check of every app's
// tests; jest registers them at run time through tools/jest-dom-setup.ts.
/// <reference types="@testing-library/jest-dom" />
