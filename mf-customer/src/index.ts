// The async boundary Module Federation needs before shared libraries are used.
import('./bootstrap');
