import { preloadDesigner } from './preload.ts';

// Imported first by the app's entry, so this runs before React and the app are even evaluated.
preloadDesigner(location.pathname);
