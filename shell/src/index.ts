// The async boundary Module Federation needs: shared libraries are negotiated before the app runs.
// It starts in a task after this file's own, so that starting the federation runtime and negotiating
// the shared libraries are two tasks, not one long one on a phone's CPU (the files are already on
// their way: the page preloads them).
setTimeout(() => void import('./bootstrap'), 0);
