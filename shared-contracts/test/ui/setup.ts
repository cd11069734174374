// What the kit's component tests need on top of their `@jest-environment jsdom` docblock: the
// jest-dom matchers (the project's other tests run in node, so this is not a global setup file).
import '@testing-library/jest-dom';
