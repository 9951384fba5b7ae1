/// <reference types="vite/client" />

/** The versioned path the API serves pdf.js under (set by vite.config.ts from pdfjs-dist's version). */
declare const __PDFJS_BASE__: string;
