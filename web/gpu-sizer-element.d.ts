// Types of gpu-sizer-element.js: the element class (declared in gpu-sizer.d.ts) and the bundler's hook.
export { GpuSizerElement } from './gpu-sizer.js';

/**
 * Styles elements created from now on with this CSS text instead of linking gpu-sizer.css (for
 * bundles without files, such as the one-file offline page); null goes back to the link.
 */
export declare function useInlineStyles(cssText: string | null): void;
