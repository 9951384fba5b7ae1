// Loads the libraries with Node's own loader, before tsx is registered, so tsx never transforms
// them on a worker's start.
await import('pdf-lib');
await import('harfbuzzjs');
await import('bidi-js');
await import('node-forge');
await import('@signpdf/signpdf');
await import('@signpdf/utils');
