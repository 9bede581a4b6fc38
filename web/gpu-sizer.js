// The entry a page loads: <script type="module" src="gpu-sizer.js"></script> defines <gpu-sizer>.
// To choose the tag yourself, import define() from gpu-sizer-define.js instead.
import { define } from './gpu-sizer-define.js';

define();

export { define };
export { GpuSizerElement } from './gpu-sizer-element.js';
