// jsdom set-up shared by every front-end project's tests.
import '@testing-library/jest-dom';
import { TextDecoder, TextEncoder } from 'node:util';
import { act, configure } from '@testing-library/react';
import toast from 'react-hot-toast';

// findBy*/waitFor wait up to 5 s: on a loaded CI machine (several suites at once) 1 s is too short.
configure({ asyncUtilTimeout: 5000 });

// react-router 7 needs these; jsdom does not provide them.
Object.assign(globalThis, { TextEncoder, TextDecoder });

// react-hot-toast asks for the reduced-motion preference; jsdom has no matchMedia.
Object.defineProperty(window, 'matchMedia', {
  configurable: true,
  writable: true,
  value: (query: string): MediaQueryList =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList,
});

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
  // Toasts live in a module-level store that outlives each render.
  act(() => toast.remove());
});
