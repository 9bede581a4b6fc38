// define(): registers <gpu-sizer> once; a second call (or a second copy of this module) is a no-op.
import { GpuSizerElement } from './gpu-sizer-element.js';

export function define(tag = 'gpu-sizer', registry = customElements) {
  if (!registry.get(tag)) {
    try {
      registry.define(tag, GpuSizerElement);
    } catch (err) {
      // The class is registered under another tag already: a subclass makes it usable here too.
      if (registry.get(tag)) return registry.get(tag);
      if (err && err.name !== 'NotSupportedError') throw err;
      registry.define(tag, class extends GpuSizerElement {});
    }
  }
  return registry.get(tag);
}

export { GpuSizerElement };
