import { applyStoredTheme } from './features/theme/theme';

// The theme the user chose (light or dark, else the system's), on <html> before anything renders.
// Here rather than in an inline script of index.html: the site's Content-Security-Policy allows no
// inline script but the server's own (by its hash).
applyStoredTheme();

// The async boundary Module Federation needs: shared libraries are negotiated before the app runs.
// It starts in a task after this file's own, so that starting the federation runtime and negotiating
// the shared libraries are two tasks, not one long one on a phone's CPU (the files are already on
// their way: the page preloads them).
setTimeout(() => void import('./bootstrap'), 0);
