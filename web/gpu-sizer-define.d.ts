// Types of gpu-sizer-define.js: define() without registering on import (declared in gpu-sizer.d.ts).
export { define, GpuSizerElement } from './gpu-sizer.js';
