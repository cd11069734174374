// The async boundary Module Federation needs: shared libraries are negotiated before the app runs.
import('./bootstrap');
