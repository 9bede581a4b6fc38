// Generated requests for the property tests: a deterministic generator (a seed gives the same
// requests everywhere), mirrored call for call by generator.hpp for the native test, so native
// and wasm check the same requests (requests-seed-1.json pins the first ones for both).
// Numbers are products of exact literals (no pow/log), so both languages build the same doubles.

// mulberry32: 32-bit state, every step exact in uint32 arithmetic (Math.imul in JS).
export function makeRng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), 1 | t) >>> 0;
    t = ((t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t) >>> 0;
    return (t ^ (t >>> 14)) >>> 0;
  };
}

const MANTISSAS = [1, 2, 3, 5, 7, 8, 12, 16, 25, 64, 100, 333, 999];
const POWERS = [1e-320, 1e-300, 1e-9, 1e-3, 0.01, 0.1, 1, 10, 100, 1e3, 1e6, 1e9, 1e12, 1e15, 1e18, 1e300];
const PRESETS = ['llama-2-7b', 'llama-2-70b', 'llama-3-8b', 'qwen2.5-7b', 'mistral-7b', 'mixtral-8x7b', 'deepseek-v3', 'gpt-3-175b'];
const GPUS = ['a100-80gb', 'h100-80gb', 'rtx-4090', 'h800-80gb', 'mi300x-192gb', 'v100-32gb', 'cg'];

export class RequestGenerator {
  constructor(seed) {
    this.next = makeRng(seed);
  }

  below(n) { return this.next() % n; }
  chance(percent) { return this.below(100) < percent; }
  pick(list) { return list[this.below(list.length)]; }
  // Anything from 1e-320 to 1e303, now and then 0 or negative: what no form would send.
  wild() {
    const r = this.below(100);
    if (r < 3) return 0;
    const x = this.pick(MANTISSAS) * this.pick(POWERS);
    return r < 8 ? -x : x;
  }
  // A value from `sane` most of the time, else a wild number.
  value(sane, wildPercent = 12) { return this.chance(wildPercent) ? this.wild() : this.pick(sane); }

  request() {
    const req = {};
    if (this.chance(30)) req.lang = this.pick(['en', 'zh']);
    const catalog = this.chance(25) ? this.catalog() : null;
    req.model = this.model();
    req.training = this.training();
    if (this.chance(50)) {
      const hardware = { gpu: this.pick(GPUS) };
      if (this.chance(60)) hardware.count = this.value([1, 2, 8, 16, 64, 512], 8);
      if (this.chance(10)) hardware.interNodeGBps = this.value([1.25, 25, 50]);
      if (this.chance(5)) hardware.allowNonCuda = true;
      req.hardware = hardware;
    }
    if (this.chance(60)) {
      const goal = {};
      if (this.chance(50)) goal.days = this.value([1, 7, 30, 365]);
      if (this.chance(20)) goal.budget = this.value([1e4, '50万', 1e7]);
      if (this.chance(30)) goal.currency = this.pick(['CNY', 'USD']);
      if (this.chance(10)) goal.usdCny = this.value([6.9, 7.2]);
      if (this.chance(10)) goal.sensitiveData = true;
      if (this.chance(10)) goal.asOf = this.pick(['2026-12-01', '2027-02-28', '2025-01-01', '2026-02-30']);
      req.goal = goal;
    }
    if (this.chance(15)) req.efficiency = { mfu: this.value([0.3, 0.5, '40%']) };
    if (this.chance(40)) req.data = this.data();
    if (catalog) req.catalog = catalog;
    if (this.chance(5)) req.modle = {};  // a typo: warned about, never fatal
    return req;
  }

  model() {
    const kind = this.below(10);
    let model;
    if (kind < 6) model = { preset: this.pick(PRESETS) };
    else if (kind < 8) model = { params: this.value(['7B', '70亿', '13B', 1.3e9, 6.7e9, 3e11]) };
    else if (kind < 9) model = { layers: this.pick([2, 12, 32, 80]), hidden: this.pick([256, 4096, 8192]), heads: this.pick([4, 32, 64]) };
    else model = { params: this.wild() };
    if (this.chance(10)) {
      model.experts = this.pick([8, 16]);
      model.expertsPerToken = this.pick([1, 2]);
    }
    if (this.chance(5)) model.param = '7B';
    return model;
  }

  training() {
    const t = {};
    if (this.chance(85)) {
      t.tokens = this.value(['1M', '20B', '2T', 1e9, 1e12, 1]);
    } else {
      t.examples = this.value([1000, '5万']);
      t.tokensPerExample = this.value([300, 2048]);
      if (this.chance(50)) t.packing = this.chance(50);
    }
    if (this.chance(40)) t.mode = this.pick(['pretrain', 'full-finetune', 'lora', 'qlora']);
    if (this.chance(20)) t.epochs = this.value([0.5, 1, 3]);
    if (this.chance(20)) t.seqLen = this.value([512, 2048, 4096, 32768], 8);
    if (this.chance(20)) t.precision = this.pick(['bf16', 'fp16', 'fp8']);
    if (this.chance(10)) t.loraRank = this.pick([8, 64]);
    if (this.chance(10)) t.flashAttention = this.chance(50);
    if (this.chance(10)) t.kernels = this.pick(['fused', 'eager']);
    return t;
  }

  gpu() {
    const g = { id: 'cg', memoryGiB: this.value([24, 80, 141], 8), peakTflops: { bf16: this.value([100, 989], 8) } };
    if (this.chance(50)) g.architecture = this.pick(['ampere', 'hopper', 'ada', 'blackwell']);
    if (this.chance(40)) g.formFactor = this.pick(['sxm', 'pcie']);
    if (this.chance(30)) g.intraNode = { kind: this.pick(['nvlink', 'pcie']), gbps: this.value([64, 900]) };
    if (this.chance(30)) g.memoryBandwidthTBps = this.value([1, 3.35]);
    if (this.chance(30)) g.interNodeGBpsPerGpu = this.value([0.4, 25, 50]);
    if (this.chance(10)) g.peakTflops.fp8 = this.value([0, 1979]);
    return g;
  }

  offer(i) {
    const o = {
      id: `o${i}`, provider: 'P', gpu: this.pick(['cg', 'a100-80gb', 'h100-80gb', 'rtx-4090']),
      gpusPerUnit: this.pick([1, 8]), currency: this.pick(['CNY', 'USD']), prices: {},
    };
    const periods = ['hour', 'day', 'month', 'year'];
    const unit = [10, 200, 5000, 50000];
    for (let p = 0; p < 4; p += 1) if (this.chance(40)) o.prices[periods[p]] = this.value([unit[p], unit[p] * 3]);
    if (!Object.keys(o.prices).length) o.prices.hour = this.value([2, 20]);
    if (this.chance(20)) o.minTermHours = this.value([0, 720, 8760]);
    if (this.chance(10)) o.setupFee = this.value([0, 5000]);
    if (this.chance(15)) o.storagePricePerGBMonth = this.value([0.1, 0.3]);
    if (this.chance(10)) o.egressPricePerGB = this.value([0, 0.09]);
    if (this.chance(10)) o.bandwidthPricePerMbpsMonth = this.value([10, 12]);
    if (this.chance(10)) o.includedMbps = this.value([0, 100]);
    if (this.chance(5)) o.publicIpPricePerMonth = this.value([4, 50]);
    if (this.chance(5)) o.purchasePrice = this.value([230000, 2.7e6]);
    if (this.chance(20)) o.unitsAvailable = this.value([1, 4, 64], 8);
    if (this.chance(40)) o.interconnect = { interUnit: this.pick(['infiniband', 'ethernet', 'none']), interUnitGBpsPerGpu: this.value([1.25, 50]) };
    if (this.chance(10)) o.spot = true;
    if (this.chance(20)) o.isolation = this.pick(['private', 'physical', 'shared']);
    if (this.chance(20)) o.priceDate = this.pick(['2026-10-10', '2026-09', '2025', '2026-02-29']);
    if (this.chance(5)) o.gpuPerUnit = 8;  // a typo
    return o;
  }

  // The data as people have it: a size with its unit (or a number of bytes), a kind of text, a
  // line, the checkpoints kept, now and then a tokenizer.
  data() {
    const d = {};
    if (this.chance(50)) d.size = this.value(['8TB', '500 GB', '1.5TiB', '8 太字节', 5e11, '8T']);
    if (this.chance(60)) d.kind = this.pick(['zh', 'en', 'code', 'mixed']);
    if (this.chance(40)) d.uploadMbps = this.value([100, '1Gbps', '千兆', 0]);
    if (this.chance(20)) d.checkpointsKept = this.value([0, 3, 10]);
    if (this.chance(10)) d.tokenizer = this.pick(['qwen', 'llama3', 'glm4']);
    return d;
  }

  catalog() {
    const c = {};
    if (this.chance(60)) c.gpus = [this.gpu()];
    const offers = [];
    const n = 1 + this.below(3);
    for (let i = 0; i < n; i += 1) offers.push(this.offer(i));
    c.offers = offers;
    if (this.chance(30)) c.includeDefaultOffers = true;
    if (this.chance(10)) c.fx = { usdCny: this.value([7, 6.5]), date: this.pick(['2026-10-10', '2026-13-01']) };
    return c;
  }
}
