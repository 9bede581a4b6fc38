// Static UI strings in Chinese and English, and the number formatting of the page.
// Messages, step titles and step texts are not here: the core sends them in the request's language.
// Formatting only: every number passed in comes from the core's response or its catalog.

// The languages this UI has strings for, in the order the language switch shows them. Which of
// them a request may carry is the core's to say (contract.enums.lang).
export const LANGS = ['zh', 'en'];
// Each language's name in itself (the language switch) and the currency its readers expect.
const NATIVE_NAMES = { zh: '中文', en: 'English' };
const LOCAL_CURRENCY = { zh: 'CNY', en: 'USD' };

// i18n-tables:begin: both languages' tables, to here from "i18n-tables:end". The site's build
// (scripts/split-i18n.mjs) moves each language's into a module of its own, sizer/i18n-<lang>.js,
// and leaves STRINGS empty here: a page downloads only the languages it shows (loadLang).
const STRINGS = {
  zh: {
    jobHeading: '训练任务',
    languageLegend: '界面语言',
    modelLegend: '模型与数据',
    hardwareLegend: '硬件与目标',
    preset: '模型预设',
    presetCustom: '自定义（按参数量）',
    params: '参数量',
    tokens: '训练 token 数',
    epochs: '轮数',
    mode: '训练方式',
    'mode.pretrain': '预训练',
    'mode.full-finetune': '全参数微调',
    'mode.lora': 'LoRA 微调',
    'mode.qlora': 'QLoRA 微调',
    precision: '精度',
    seqLen: '序列长度',
    gpu: 'GPU 型号',
    sizeBy: '按什么定规模',
    'sizeBy.days': '按工期',
    'sizeBy.count': '按卡数',
    days: '工期（天）',
    count: 'GPU 数量',
    budget: '预算',
    budgetHint: '可不填',
    currency: '币种',
    mfu: 'MFU',
    mfuHint: '留空用校准值',
    mfuAuto: '自动',
    measuredTps: '试用实测吞吐（tokens/s/卡）',
    measuredTpsHint: '按小时试租一周后填入，按实测重新规划',
    measuredGpus: '实测时的卡数',
    measuredGpusHint: '可不填',
    loading: '正在加载计算核心…',
    loadFailed: '无法加载计算核心',
    catalogFailed: '无法加载价格目录',
    catalogOrigin: 'catalog-src 必须与页面同源',
    summaryHeading: '结果',
    flops: '总计算量',
    gpus: 'GPU',
    wallDays: '训练时间',
    gpuHours: 'GPU 小时',
    memory: '每卡显存',
    cost: '总费用',
    noEstimate: '选择 GPU 并填写数量或工期',
    noOffer: '没有满足条件的方案',
    fits: '放得下',
    notFits: '放不下',
    mfuRequest: '你填的值',
    mfuCalibrated: '性能模型',
    daysUnit: '天',
    stale: '输入有误，结果未更新',
    typing: '输入中：以下结果按目前已输入的内容计算',
    requiredMark: '必填',
    placeholderExample: '如 {x}',
    placeholderDefault: '默认 {x}',
    tableCaption: '租用方案对比',
    tableRegion: '方案对比表',
    tableNote: '满足目标的方案：符合你全部要求的在前，“推荐”居首，其余按费用排序；“最便宜”和“最快”指符合你要求的方案中最便宜和最快的。',
    tableHint: '点击列标题排序；▸ 展开单价、计费、GPU 小时和报价日期。',
    hideInfeasible: '只看可行方案',
    'col.offer': '方案',
    'col.deployment': '类型',
    'col.gpu': 'GPU',
    'col.count': '卡数',
    'col.days': '时间',
    'col.gpuHours': 'GPU 小时',
    'col.cost': '总费用',
    'col.billing': '计费',
    'col.status': '状态',
    'col.warnings': '提示',
    'deployment.local-dc': '本地机房',
    'deployment.cloud': '云',
    recommended: '推荐',
    statusOk: '可行',
    statusMissesGoal: '达不到目标',
    statusNoFit: '放不下',
    idle: '闲置',
    hoursUnit: '小时',
    noCost: '无报价',
    stepsHeading: '计算过程',
    catalog: '价格目录',
    fx: '汇率',
    // Error codes, shown before a core message that is not in Chinese yet.
    'error.invalid_value': '输入无效',
    'error.missing_field': '缺少必填项',
    'error.unknown_gpu': '未知的 GPU 型号',
    'error.unknown_preset': '未知的模型预设',
    'error.invalid_json': '请求格式错误',
    'error.catalog_unavailable': '价格目录不可用',
    'error.invalid_catalog': '价格目录有误',
    'error': '输入有误',
    'period.hour': '小时',
    'period.day': '天',
    'period.week': '周',
    'period.month': '个月',
    'period.year': '年',
    sensitiveData: '敏感数据',
    sensitiveDataHint: '建议物理隔离的本地机房',
    region: '机器所在地区',
    regionAnywhere: '不限',
    usdCny: '汇率（元/美元）',
    usdCnyHint: '留空用目录汇率',
    daysHint: '留空：按 30 天估算（有预算时取预算内最快）',
    range: '公开训练记录的离散范围',
    rangeCoverage: '同类公开训练每 10 次中有 {n} 次落在此范围',
    daysRange: '每 10 次中有 {n} 次用时 {low}–{high}',
    howAccurate: '准确度说明（英文）',
    mfuModel: '全程有效值',
    layoutHeading: '并行方式',
    throughput: '吞吐',
    tokPerGpu: 'token/秒/卡',
    mfuSteady: '稳态 MFU',
    mfuWhole: '全程 MFU',
    overheadFactor: '全程/稳态',
    hfu: 'HFU',
    iteration: '每步',
    secondsUnit: '秒',
    globalBatch: '全局批',
    microBatch: '微批',
    interleave: '交错',
    recompute: '重计算',
    'recompute.none': '无',
    'recompute.full': '完整',
    'recompute.selective': '选择性',
    sequenceParallel: '序列并行',
    searched: '搜索的并行方式',
    searchedOf: '{a} 种中 {b} 种放得下',
    breakdownLabel: '每步时间构成',
    'bd.matmul': '矩阵乘',
    'bd.attention': '注意力',
    'bd.memoryBound': '访存受限',
    'bd.recompute': '重计算',
    'bd.tpComm': 'TP 通信',
    'bd.ppComm': 'PP 通信',
    'bd.bubble': '流水线气泡',
    'bd.dpComm': 'DP 通信',
    'bd.moeComm': 'MoE 通信',
    'bd.optimizer': '优化器',
    'bd.overhead': '其他',
    cheapest: '最便宜',
    fastest: '最快',
    'col.costPerB': '每十亿 token',
    'col.priceDate': '报价日期',
    'col.isolation': '隔离',
    'isolation.private': '私有',
    'isolation.physical': '物理隔离',
    'isolation.shared': '共享',
    daysOld: '天前',
    yearOnly: '只有年份',
    details: '详情',
    unitPrices: '单价（每台 {n} 卡）',
    unitPricesNoUnit: '单价',
    unitPricesOneGpu: '单价（每卡）',
    minTerm: '最短租期',
    noMinTerm: '无',
    commitment: '租用条款',
    trialPlan: '先按小时试一周再包月',
    vsCheapestMix: '最省组合',
    breakEven: '包月回本点',
    perMonth: '/月',
    interconnect: '互联',
    intraUnit: '机内',
    interUnit: '机间',
    perGpu: '每卡',
    storage: '存储',
    egress: '出网流量',
    included: '含',
    setupFee: '开通费',
    deposit: '押金',
    parallelism: '并行',
    source: '来源',
    confidence: '可信度',
    'confidence.high': '高',
    'confidence.medium': '中',
    'confidence.low': '低',
    spot: '竞价实例（可能被回收）',
    chartHeading: '费用与时间',
    chartNote: '每个点是一个可行方案；连线是帕累托前沿（更快的方案都更贵）。',
    chartHint: '点击一个点可定位到表格中的那一行；用键盘时，移到图表上后用方向键在点之间移动，按回车定位。',
    skipToTable: '跳到方案比较表',
    axisDays: '训练时间（天）',
    axisCost: '费用',
    logScale: '对数刻度',
    frontier: '前沿',
    usableOptions: '个可行方案',
    chartEmpty: '没有可画的可行方案',
    adviceHeading: '建议',
    ruleOfThumb: '经验法则',
    agrees: '与方案一致',
    disagrees: '与方案不同',
    'period.setup': '开通费',
    'per.hour': '小时',
    'per.day': '天',
    'per.week': '周',
    'per.month': '月',
    'per.year': '年',
    // The architecture disclosure (form, sizer/architecture.js)
    archSummary: '模型结构',
    layers: '层数',
    hidden: '隐藏维度',
    heads: '注意力头数',
    kvHeads: '键值头数',
    ffnHidden: 'FFN 维度',
    vocab: '词表大小',
    activation: '激活函数',
    'activation.swiglu': 'SwiGLU',
    'activation.geglu': 'GeGLU',
    'activation.gelu': 'GELU',
    'archSource.preset': '结构来自预设 {name}。改动任一项即按你的结构计算（参数量随之重算）。',
    'archSource.config': '结构来自你提供的 config.json{name}。',
    'archSource.given': '结构按你填写的值计算，参数量由结构求出。',
    'archSource.inferred': '结构由参数量推断（按 Llama 系列的做法）。填入真实结构、选择预设或提供 config.json 可得到精确值。',
    archReset: '撤销我的改动',
    'archTag.preset': '来自预设',
    'archTag.config': '来自 config.json',
    'archTag.given': '按你填写的结构',
    'archTag.inferred': '由参数量推断',
    archNamed: '（{name}）',
    archParams: '此结构的参数量',
    archActive: '每 token 激活',
    headDim: '每头维度',
    attention: '注意力',
    'attention.mha': '多头注意力（MHA）',
    'attention.gqa': '分组查询注意力（GQA）',
    'attention.mqa': '多查询注意力（MQA）',
    'attention.mla': '多头潜在注意力（MLA）',
    tiedEmbeddings: '输入输出词嵌入共享',
    yes: '是',
    no: '否',
    experts: '专家',
    expertsOf: '{n} 个，每 token 用 {k} 个',
    hfConfig: 'Hugging Face config.json',
    hfConfigHint: '粘贴文件内容，或把文件拖到此框',
    hfConfigFile: '选择文件…',
    hfConfigClear: '清除',
    hfConfigInvalid: '不是有效的 JSON：请检查逗号、引号和括号是否完整',
    hfConfigNotObject: 'config.json 应是一个 JSON 对象（以 { 开头）',
    hfConfigUnreadable: '无法读取这个文件',
    // Fine-tuning and the dataset (form)
    loraRank: 'LoRA 秩',
    loraTargets: 'LoRA 目标模块',
    loraTargetsHint: '可选列表中的一组，或 PEFT 模块名，如 q_proj,v_proj',
    'loraTargets.all-linear': '全部线性层',
    'loraTargets.attention': '注意力投影',
    // The data, storage and transfer (form, table, summary, exports)
    'dataAs.size': '数据集大小',
    dataSize: '数据集大小（磁盘上）',
    dataSizeHint: '如 8TB、500 GB、1.5 TiB、8 太字节',
    dataLegend: '数据、存储与传输',
    dataKind: '文本类型',
    dataKindNone: '未说明（不计数据集）',
    'dataKind.zh': '中文',
    'dataKind.en': '英文',
    'dataKind.code': '代码',
    'dataKind.mixed': '中英混合',
    tokenizer: '分词器',
    tokenizerNone: '按模型',
    'tokenizer.llama2': 'Llama 2（32K）',
    'tokenizer.mistral': 'Mistral / Mixtral（32K）',
    'tokenizer.llama3': 'Llama 3（128K）',
    'tokenizer.qwen': '通义千问 Qwen1.5–3（151K）',
    'tokenizer.deepseek-v3': 'DeepSeek-V3（128K）',
    'tokenizer.cl100k': 'GPT-4 cl100k_base',
    'tokenizer.o200k': 'GPT-4o o200k_base',
    'tokenizer.glm4': 'GLM-4（151K）',
    'tokenizer.chatglm3': 'ChatGLM2/3（64K）',
    'tokenizer.baichuan2': '百川 2（125K）',
    'tokenizer.yi': '零一万物（64K）',
    'tokenizer.internlm2': '书生 InternLM2（92K）',
    'tokenizer.deepseek-llm': 'DeepSeek LLM（100K）',
    'tokenizer.typical': '常见分词器（中位数）',
    uploadMbps: '上传线路（Mbit/s）',
    uploadMbpsHint: '如 100、千兆、1 Gbps；留空按方案带宽或 100',
    checkpointsKept: '保留检查点数',
    checkpointsKeptHint: '每个检查点含完整训练状态（LoRA 只含适配器）',
    dataFromTokens: '{tokens} 个 token 的{kind}文本在磁盘上约 {size}（{tokenizer}，每 token {bpt} 字节）',
    dataFromSize: '{size} 的{kind}文本约 {tokens} 个 token（{tokenizer}，每 token {bpt} 字节）',
    dataBoth: '{size} 的{kind}文本约 {implied} 个 token；每轮训练 {tokens} 个',
    dataSizeOnly: '数据集 {size}；选择文本类型可换算 token 数',
    dataUnknown: '选择文本类型，可由 token 数估算数据集大小并计入存储与上传',
    dataStored: '需存储共 {stored}：{kept} 个检查点 × {checkpoint}，外加训练后的权重',
    dataSource: '每 token 字节数来源',
    'lineKind.gpu': 'GPU',
    'lineKind.storage': '存储',
    'lineKind.transfer': '传输',
    'lineKind.setup': '开通与附加',
    'lineKind.purchase': '购置',
    'lineKind.hosting': '托管',
    'lineKind.power': '电费',
    'lineItem.rental': 'GPU 租用',
    'lineItem.setup-fee': '开通费',
    'lineItem.public-ip': '公网 IP',
    'lineItem.support': '技术支持',
    'lineItem.storage': '存储',
    'lineItem.bandwidth': '带宽',
    'lineItem.egress': '出网流量',
    'lineItem.purchase': '购置（扣除转售）',
    'lineItem.hosting': '托管',
    'lineItem.power': '电费',
    notPriced: '价目表中没有',
    billItem: '全部费用',
    transferItem: '数据传输',
    transferText: '以 {mbps} Mbit/s 上传 {up}，下载 {down}',
    'limitedBy.line': '你的线路',
    'limitedBy.offer': '方案带宽',
    'limitedBy.default': '默认 100 Mbit/s',
    bandwidthItem: '带宽',
    publicIp: '公网 IP',
    perMbpsMonth: '/Mbit/s/月',
    uploadFirst: '上传数据需 {d}',
    'warn.not_in_price_list': '部分未报价',
    'warn.slow_data_transfer': '传输耗时长',
    // Buying and hosting instead of renting (ownership.js, exports)
    ownershipHeading: '自购与托管',
    ownershipNote: '整机价格、托管与电费均注明来源与日期，可信度多为低；转售按每月保值 96.5% 估算。',
    'own.gpu': '机型',
    'own.purchase': '每台购置价',
    'own.monthly': '每台每月托管 + 电费',
    'own.rental': '最便宜的不间断租用',
    'own.breakEven': '自购更省（出售 / 留用）',
    'own.job': '本任务：自购 / 租用',
    'own.never': '10 年内不划算',
    'own.months': '第 {n} 个月',
    'own.machines': '{n} 台',
    'own.kind.list': '标价',
    'own.kind.street': '市场价',
    'own.kind.estimate': '估计',
    'own.kind.tender': '中标价',
    'own.kind.catalog': '目录价',
    'md.bill': '全部费用',
    'md.item': '项目',
    'md.basis': '依据',
    'md.ownership': '自购与托管',
    'csv.bill': '费用明细',
    'csv.lineRental': 'GPU 租用',
    'csv.lineSetupFee': '开通费',
    'csv.linePublicIp': '公网 IP',
    'csv.lineSupport': '技术支持',
    'csv.lineStorage': '存储',
    'csv.lineBandwidth': '带宽',
    'csv.lineEgress': '出网流量',
    'csv.uploadHours': '上传（小时）',
    dataAs: '数据量按',
    'dataAs.tokens': 'token 数',
    'dataAs.examples': '样本数',
    examples: '样本数',
    tokensPerExample: '每条样本平均 token 数',
    packing: '打包',
    packingHint: '把多条样本拼成满长度的序列',
    padding: '补齐方式',
    'padding.longest': '补到微批内最长的一条',
    'padding.max-length': '补到序列长度',
    // Durations (tr.duration)
    'unit.minute': '分钟',
    'unit.hour': '小时',
    'unit.day': '天',
    'unit.year': '年',
    underMinute: '不到 1 分钟',
    yearsAside: '（{n} {unit}）',
    // Offer tiers and links
    'tier.neocloud': 'GPU 云',
    'tier.marketplace': '算力市场',
    'tier.baremetal-lease': '整机租赁',
    'tier.hyperscaler': '大型公有云',
    'link.ethernet': '以太网',
    'link.none': '无',
    // The whole run (layout card, estimate.runHours)
    runHeading: '整个训练的时间',
    'run.steady': '迭代',
    'run.checkpointEval': '检查点与评估',
    'run.failures': '故障后重启',
    'run.belowBenchmark': '低于基准速度',
    'run.startup': '启动与最终保存',
    'run.total': '合计',
    axisHours: '训练时间（小时）',
    axisMinutes: '训练时间（分钟）',
    // The host page (web/index.html, page.js, page-claims.js)
    shareCopy: '复制链接',
    shareCopied: '已复制链接',
    shareManual: '按 Ctrl+C 复制链接',
    shareLink: '本结果的链接',
    shareUnreadable: '无法读取这个链接中的任务（链接可能不完整或被改动过），下面显示的是默认任务。',
    claimsHeading: '租卡指南中的说法，逐条核对',
    claimsNote: '每条说法都由本计算器当场重算；“在表单中打开”会把对应的请求填进上面的计算器。',
    claimsLoading: '正在核对…',
    claimsFailed: '无法核对这些说法',
    'claim.claimed': '指南的数字',
    'claim.computed': '计算结果',
    'claim.verdict': '结论',
    'verdict.agrees': '相符',
    'verdict.too_high': '说高了',
    'verdict.too_low': '说低了',
    'verdict.not_computed': '无法计算',
    claimOpen: '在表单中打开',
    // The recommended plan (summary.js)
    planHeading: '推荐方案',
    closestHeading: '最接近的方案',
    estimateHeading: '估算（没有可用的租用方案）',
    planUnits: '{units} 台，每台 {per} 卡',
    planEstimate: '估算需要 {n} 张',
    planUsed: '其中 {n} 张在用',
    planPerB: '每十亿 token {v}',
    noneQualifies: '没有方案满足你的全部要求。',
    relaxLead: '放宽其中一项即可找到方案：',
    'constraint.gpu': '你选的 GPU',
    'constraint.isolation': '私有或物理隔离的机器',
    'constraint.stack': 'CUDA',
    'constraint.confidence': '来源可靠的价格',
    // Warnings as badges (options-table.js), by the core's codes
    'warn.pcie_multi_gpu': '仅 PCIe',
    'warn.nvlink_capped': 'NVLink 限速',
    'warn.low_confidence': '价格可信度低',
    'warn.stale_price': '价格较旧',
    'warn.spot': '竞价实例',
    'warn.misses_deadline': '超出工期',
    'warn.over_budget': '超出预算',
    'warn.non_cuda': '非 CUDA',
    'warn.long_run': '训练过长',
    'warn.does_not_fit': '放不下',
    'warn.units_limited': '机器不够',
    'warn.single_node_only': '只能单机',
    'warn.deadline_out_of_reach': '工期达不到',
    'warn.batch_limited': '受批大小限制',
    'warn.large_cluster': '超大集群',
    'warn.slow_interconnect': '网络慢',
    warnGeneric: '提示',
    outsideBadge: '超出你的要求',
    outsideLead: '不满足：',
    'outside.gpu': '其他 GPU',
    'outside.isolation': '共享机器',
    'outside.stack': '非 CUDA',
    'outside.confidence': '价格可信度低',
    warningsItem: '提示',
    // The comparison (options-table.js)
    'col.type': '类型与隔离',
    'col.gpus': 'GPU 与机器',
    filtersLegend: '筛选方案',
    filterGpu: 'GPU',
    filterDeployment: '类型',
    filterIsolation: '隔离',
    filterTerm: '计费周期',
    filterMeets: '只看满足目标的',
    filterAll: '全部',
    'term.hour': '按小时',
    'term.day': '按天',
    'term.week': '按周',
    'term.month': '按月',
    'term.year': '按年',
    showAll: '显示全部 {n} 个',
    showTop: '只显示前 {n} 个',
    shownOf: '显示 {a} 个，共 {b} 个方案',
    shownOfAll: '显示 {a} 个，符合条件的 {b} 个（全部 {c} 个方案）',
    noRows: '没有符合筛选条件的方案',
    resetFilters: '清除筛选',
    // How many GPUs (scaling.js, result.scaling)
    scalingHeading: '用多少张 GPU',
    scalingNote: '{gpu}：训练时间和总费用随 GPU 数（整台机器）的变化。',
    scalingHint: '点击一个点（或按回车）即按该卡数计算；方向键在卡数之间移动。',
    axisGpus: 'GPU 数',
    axisCostTotal: '总费用',
    scalingOffer: '费用按 {offer} 的报价。',
    scalingDeadline: '工期',
    scalingStops: '再加不划算',
    scalingStopsBeyond: '翻倍到 {n} 张 GPU 仍划算：超出图中最大的 {last} 张',
    scalingChosen: '你定的卡数',
    scalingWholeUnits: '（你填的 {asked} 张按整台取整）',
    scalingNoDeadline: '无工期：按你定的卡数计算',
    scalingPoint: '{n} 张 GPU（{units} 台）：{time}',
    scalingSet: '按 {n} 张计算',
    // Export and print (export.js)
    exportLegend: '导出',
    exportCsv: '对比表 CSV',
    exportJson: '请求与结果 JSON',
    exportMd: '摘要 Markdown',
    exportPrint: '打印',
    'csv.offerId': '方案 ID',
    'csv.provider': '服务商',
    'csv.deployment': '类型',
    'csv.tier': '层级',
    'csv.region': '地区',
    'csv.isolation': '隔离',
    'csv.gpu': 'GPU',
    'csv.gpusPerUnit': '每台 GPU 数',
    'csv.units': '台数',
    'csv.count': 'GPU 数',
    'csv.wallDays': '时间（天）',
    'csv.gpuHours': 'GPU 小时',
    'csv.cost': '总费用',
    'csv.currency': '币种',
    'csv.costPerB': '每十亿 token 费用',
    'csv.billing': '计费',
    'csv.fits': '放得下',
    'csv.meetsGoal': '满足目标',
    'csv.recommended': '推荐',
    'csv.outside': '超出要求',
    'csv.priceDate': '报价日期',
    'csv.priceAgeDays': '报价天数',
    'csv.confidence': '可信度',
    'csv.source': '来源',
    'csv.warnings': '提示',
    'md.title': 'GPU 训练方案',
    'md.job': '任务',
    'md.plan': '推荐方案',
    'md.alternatives': '其他方案',
    'md.assumptions': '假设',
    'md.warnings': '提示',
    'md.prices': '报价日期',
    'md.model': '模型',
    'md.runnerUp': '次选',
    'md.alternative': '要求之外更便宜的',
    'md.assumedDays': '按 {n} 天的工期定规模',
    'md.made': '由 gpusizer {v} 于 {date} 生成；所有数字来自计算核心的结果。',
    'md.none': '无',
    'md.offer': '方案',
    'md.age': '{n} 天前',
    // Provider catalogs that fail (controller.js)
    catalogNotJson: '不是有效的 JSON',
    catalogNetwork: '网络错误',
    catalogInvalid: '服务商的价格目录有误：{message}',
    catalogNoPrices: '服务商的价格目录不可用，因此不显示任何价格。',
  },
  en: {
    jobHeading: 'Training job',
    languageLegend: 'Language',
    modelLegend: 'Model and data',
    hardwareLegend: 'Hardware and goal',
    preset: 'Model preset',
    presetCustom: 'Custom (by parameters)',
    params: 'Parameters',
    tokens: 'Training tokens',
    epochs: 'Epochs',
    mode: 'Mode',
    'mode.pretrain': 'Pre-training',
    'mode.full-finetune': 'Full fine-tuning',
    'mode.lora': 'LoRA',
    'mode.qlora': 'QLoRA',
    precision: 'Precision',
    seqLen: 'Sequence length',
    gpu: 'GPU type',
    sizeBy: 'Size by',
    'sizeBy.days': 'Days',
    'sizeBy.count': 'GPUs',
    days: 'Deadline (days)',
    count: 'GPU count',
    budget: 'Budget',
    budgetHint: 'optional',
    currency: 'Currency',
    mfu: 'MFU',
    mfuHint: 'blank = calibrated',
    mfuAuto: 'auto',
    measuredTps: 'Measured in my trial (tokens/s per GPU)',
    measuredTpsHint: 'after a week rented by the hour; re-plans with it',
    measuredGpus: 'GPUs in the trial',
    measuredGpusHint: 'optional',
    loading: 'Loading the calculator…',
    loadFailed: 'Could not load the calculator',
    catalogFailed: 'Could not load the price catalog',
    catalogOrigin: 'catalog-src must be on the page’s own origin',
    summaryHeading: 'Result',
    flops: 'Total compute',
    gpus: 'GPUs',
    wallDays: 'Wall-clock time',
    gpuHours: 'GPU-hours',
    memory: 'Memory per GPU',
    cost: 'Total cost',
    noEstimate: 'Choose a GPU and a count or a deadline',
    noOffer: 'No offer meets the goal',
    fits: 'fits',
    notFits: 'does not fit',
    mfuRequest: 'your value',
    mfuCalibrated: 'performance model',
    daysUnit: 'days',
    stale: 'Fix the input to update the result',
    typing: 'Still typing: these figures are for the input so far',
    requiredMark: 'Required',
    placeholderExample: 'e.g. {x}',
    placeholderDefault: 'default {x}',
    tableCaption: 'Rental options compared',
    tableRegion: 'Comparison table',
    tableNote: 'Offers that meet the goal: those within everything you asked first, “Recommended” at the top, then by cost; “Cheapest” and “Fastest” are the cheapest and fastest of those within what you asked.',
    tableHint: 'Click a heading to sort; ▸ opens unit prices, billing, GPU-hours and price date.',
    hideInfeasible: 'Feasible options only',
    'col.offer': 'Offer',
    'col.deployment': 'Type',
    'col.gpu': 'GPU',
    'col.count': 'GPUs',
    'col.days': 'Time',
    'col.gpuHours': 'GPU-hours',
    'col.cost': 'Total cost',
    'col.billing': 'Billing',
    'col.status': 'Status',
    'col.warnings': 'Warnings',
    'deployment.local-dc': 'Local DC',
    'deployment.cloud': 'Cloud',
    recommended: 'Recommended',
    statusOk: 'Feasible',
    statusMissesGoal: 'Misses goal',
    statusNoFit: 'Does not fit',
    idle: 'idle',
    hoursUnit: 'h',
    noCost: 'no price',
    stepsHeading: 'How it is computed',
    catalog: 'Catalog',
    fx: 'USD/CNY',
    'period.hour': ['hour', 'hours'],
    'period.day': ['day', 'days'],
    'period.week': ['week', 'weeks'],
    'period.month': ['month', 'months'],
    'period.year': ['year', 'years'],
    sensitiveData: 'Sensitive data',
    sensitiveDataHint: 'prefer an isolated local DC',
    region: 'Machines in',
    regionAnywhere: 'anywhere',
    usdCny: 'Exchange rate (CNY per USD)',
    usdCnyHint: 'blank = catalog rate',
    daysHint: 'blank: 30 days assumed (with a budget, the fastest within it)',
    range: 'spread of published runs',
    rangeCoverage: '{n} in 10 published runs like this one landed here',
    daysRange: '{n} in 10 took {low}–{high}',
    howAccurate: 'How accurate?',
    mfuModel: 'whole run',
    layoutHeading: 'Layout',
    throughput: 'Throughput',
    tokPerGpu: 'tokens/s per GPU',
    mfuSteady: 'steady MFU',
    mfuWhole: 'whole-run MFU',
    overheadFactor: 'whole run / steady',
    hfu: 'HFU',
    iteration: 'Iteration',
    secondsUnit: 's',
    globalBatch: 'global batch',
    microBatch: 'micro-batch',
    interleave: 'interleave',
    recompute: 'recompute',
    'recompute.none': 'none',
    'recompute.full': 'full',
    'recompute.selective': 'selective',
    sequenceParallel: 'sequence parallel',
    searched: 'Layouts searched',
    searchedOf: '{b} of {a} fit',
    breakdownLabel: 'Time per iteration',
    'bd.matmul': 'Matmul',
    'bd.attention': 'Attention',
    'bd.memoryBound': 'Memory-bound',
    'bd.recompute': 'Recompute',
    'bd.tpComm': 'TP comm',
    'bd.ppComm': 'PP comm',
    'bd.bubble': 'Pipeline bubble',
    'bd.dpComm': 'DP comm',
    'bd.moeComm': 'MoE comm',
    'bd.optimizer': 'Optimizer',
    'bd.overhead': 'Other',
    cheapest: 'Cheapest',
    fastest: 'Fastest',
    'col.costPerB': 'Per 1B tokens',
    'col.priceDate': 'Price date',
    'col.isolation': 'Isolation',
    'isolation.private': 'Private',
    'isolation.physical': 'Physical isolation',
    'isolation.shared': 'Shared',
    daysOld: 'days old',
    yearOnly: 'year only',
    details: 'Details',
    unitPrices: 'Price per unit of {n} GPUs',
    unitPricesNoUnit: 'Price per unit',
    unitPricesOneGpu: 'Price per GPU',
    minTerm: 'Minimum term',
    noMinTerm: 'none',
    commitment: 'Terms',
    trialPlan: 'A trial week by the hour, then monthly',
    vsCheapestMix: 'cheapest mix',
    breakEven: 'Monthly break-even',
    perMonth: '/month',
    interconnect: 'Interconnect',
    intraUnit: 'within a unit',
    interUnit: 'between units',
    perGpu: 'per GPU',
    storage: 'Storage',
    egress: 'Egress',
    included: 'incl.',
    setupFee: 'Setup fee',
    deposit: 'Deposit',
    parallelism: 'Parallelism',
    source: 'Source',
    confidence: 'Confidence',
    'confidence.high': 'high',
    'confidence.medium': 'medium',
    'confidence.low': 'low',
    spot: 'Spot (can be reclaimed)',
    chartHeading: 'Cost vs time',
    chartNote: 'Each point is a usable option; the line is the Pareto frontier (every faster option costs more).',
    chartHint: 'Click a point to find its row in the table; from the keyboard, Tab to the chart, the arrow keys move between points and Enter finds the row.',
    skipToTable: 'Skip to the comparison of offers',
    axisDays: 'Wall-clock days',
    axisCost: 'Cost',
    logScale: 'log scale',
    frontier: 'Frontier',
    usableOptions: 'usable options',
    chartEmpty: 'No usable option to plot',
    adviceHeading: 'Advice',
    ruleOfThumb: 'Rule of thumb',
    agrees: 'agrees with the plan',
    disagrees: 'differs from the plan',
    'period.setup': ['setup fee', 'setup fees'],
    'per.hour': 'hour',
    'per.day': 'day',
    'per.week': 'week',
    'per.month': 'month',
    'per.year': 'year',
    // The architecture disclosure (form, sizer/architecture.js)
    archSummary: 'Architecture',
    layers: 'Layers',
    hidden: 'Hidden size',
    heads: 'Attention heads',
    kvHeads: 'KV heads',
    ffnHidden: 'FFN size',
    vocab: 'Vocabulary',
    activation: 'Activation',
    'activation.swiglu': 'SwiGLU',
    'activation.geglu': 'GeGLU',
    'activation.gelu': 'GELU',
    'archSource.preset': 'Shape from the preset {name}. Change any field to compute with your shape (the parameter count follows it).',
    'archSource.config': 'Shape from the config.json you gave{name}.',
    'archSource.given': 'Shape as you gave it; the parameter count is computed from it.',
    'archSource.inferred': 'Shape inferred from the parameter count (the way the Llama family is built). Enter the real shape, pick a preset or give a config.json for exact figures.',
    archReset: 'Undo my changes',
    'archTag.preset': 'from the preset',
    'archTag.config': 'from config.json',
    'archTag.given': 'as you gave it',
    'archTag.inferred': 'inferred from the size',
    archNamed: ' ({name})',
    archParams: 'Parameters of this shape',
    archActive: 'active per token',
    headDim: 'Head size',
    attention: 'Attention',
    'attention.mha': 'multi-head (MHA)',
    'attention.gqa': 'grouped-query (GQA)',
    'attention.mqa': 'multi-query (MQA)',
    'attention.mla': 'multi-head latent (MLA)',
    tiedEmbeddings: 'Tied input/output embeddings',
    yes: 'yes',
    no: 'no',
    experts: 'Experts',
    expertsOf: '{n}, {k} per token',
    hfConfig: 'Hugging Face config.json',
    hfConfigHint: 'paste its text, or drop the file on this box',
    hfConfigFile: 'Choose file…',
    hfConfigClear: 'Clear',
    hfConfigInvalid: 'Not valid JSON: check that the commas, quotes and brackets are complete',
    hfConfigNotObject: 'A config.json is one JSON object (starting with {)',
    hfConfigUnreadable: 'Could not read that file',
    // Fine-tuning and the dataset (form)
    loraRank: 'LoRA rank',
    loraTargets: 'LoRA targets',
    loraTargetsHint: 'a set from the list, or PEFT module names such as q_proj,v_proj',
    'loraTargets.all-linear': 'every linear layer',
    'loraTargets.attention': 'the attention projections',
    // The data, storage and transfer (form, table, summary, exports)
    'dataAs.size': 'Size on disk',
    dataSize: 'Dataset size (on disk)',
    dataSizeHint: 'e.g. 8TB, 500 GB, 1.5 TiB, 8 太字节',
    dataLegend: 'Data, storage and transfer',
    dataKind: 'Kind of text',
    dataKindNone: 'Not stated (no dataset in the bill)',
    'dataKind.zh': 'Chinese',
    'dataKind.en': 'English',
    'dataKind.code': 'Code',
    'dataKind.mixed': 'Chinese and English',
    tokenizer: 'Tokenizer',
    tokenizerNone: 'The model’s',
    'tokenizer.llama2': 'Llama 2 (32K)',
    'tokenizer.mistral': 'Mistral / Mixtral (32K)',
    'tokenizer.llama3': 'Llama 3 (128K)',
    'tokenizer.qwen': 'Qwen1.5–3 (151K)',
    'tokenizer.deepseek-v3': 'DeepSeek-V3 (128K)',
    'tokenizer.cl100k': 'GPT-4 cl100k_base',
    'tokenizer.o200k': 'GPT-4o o200k_base',
    'tokenizer.glm4': 'GLM-4 (151K)',
    'tokenizer.chatglm3': 'ChatGLM2/3 (64K)',
    'tokenizer.baichuan2': 'Baichuan 2 (125K)',
    'tokenizer.yi': 'Yi (64K)',
    'tokenizer.internlm2': 'InternLM2 (92K)',
    'tokenizer.deepseek-llm': 'DeepSeek LLM (100K)',
    'tokenizer.typical': 'a typical tokenizer (the median)',
    uploadMbps: 'Upload line (Mbit/s)',
    uploadMbpsHint: 'e.g. 100, 1 Gbps, 千兆; empty: the offer’s bandwidth, else 100',
    checkpointsKept: 'Checkpoints kept',
    checkpointsKeptHint: 'each the whole training state (LoRA: the adapters)',
    dataFromTokens: '{tokens} tokens of {kind} text ≈ {size} on disk ({tokenizer}, {bpt} bytes per token)',
    dataFromSize: '{size} of {kind} text ≈ {tokens} tokens ({tokenizer}, {bpt} bytes per token)',
    dataBoth: '{size} of {kind} text ≈ {implied} tokens; training reads {tokens} per epoch',
    dataSizeOnly: 'Dataset {size}; choose the kind of text to turn it into tokens',
    dataUnknown: 'Choose the kind of text to work out the dataset’s size from its tokens and price its storage and upload',
    dataStored: 'Stored in all: {stored}: {kept} checkpoints × {checkpoint} and the trained weights',
    dataSource: 'Bytes per token from',
    'lineKind.gpu': 'GPU',
    'lineKind.storage': 'Storage',
    'lineKind.transfer': 'Transfer',
    'lineKind.setup': 'Set-up and add-ons',
    'lineKind.purchase': 'Purchase',
    'lineKind.hosting': 'Hosting',
    'lineKind.power': 'Power',
    'lineItem.rental': 'GPU rental',
    'lineItem.setup-fee': 'Set-up fee',
    'lineItem.public-ip': 'Public IP',
    'lineItem.support': 'Support',
    'lineItem.storage': 'Storage',
    'lineItem.bandwidth': 'Bandwidth',
    'lineItem.egress': 'Egress',
    'lineItem.purchase': 'Purchase less resale',
    'lineItem.hosting': 'Hosting',
    'lineItem.power': 'Power',
    notPriced: 'not in the price list',
    billItem: 'Whole bill',
    transferItem: 'Data transfer',
    transferText: 'up in {up}, down in {down} at {mbps} Mbit/s',
    'limitedBy.line': 'your line',
    'limitedBy.offer': 'the offer’s bandwidth',
    'limitedBy.default': 'the default 100 Mbit/s',
    bandwidthItem: 'Bandwidth',
    publicIp: 'Public IP',
    perMbpsMonth: ' per Mbit/s a month',
    uploadFirst: 'uploading the data: {d}',
    'warn.not_in_price_list': 'Not all priced',
    'warn.slow_data_transfer': 'Slow data transfer',
    // Buying and hosting instead of renting (ownership.js, exports)
    ownershipHeading: 'Buy and host instead',
    ownershipNote: 'Server prices, hosting and power come with their sources and dates, most of low confidence; resale keeps 96.5 % of the value a month.',
    'own.gpu': 'Machine',
    'own.purchase': 'Purchase per machine',
    'own.monthly': 'Hosting + power per machine a month',
    'own.rental': 'Cheapest continuous rental',
    'own.breakEven': 'Owning pays from (sold / kept)',
    'own.job': 'This job: owning / renting',
    'own.never': 'not within 10 years',
    'own.months': 'month {n}',
    'own.machines': ['{n} machine', '{n} machines'],
    'own.kind.list': 'list',
    'own.kind.street': 'street',
    'own.kind.estimate': 'estimate',
    'own.kind.tender': 'tender',
    'own.kind.catalog': 'catalog',
    'md.bill': 'Whole bill',
    'md.item': 'Item',
    'md.basis': 'Basis',
    'md.ownership': 'Buy and host instead',
    'csv.bill': 'Bill',
    'csv.lineRental': 'GPU rental',
    'csv.lineSetupFee': 'Set-up fee',
    'csv.linePublicIp': 'Public IP',
    'csv.lineSupport': 'Support',
    'csv.lineStorage': 'Storage',
    'csv.lineBandwidth': 'Bandwidth',
    'csv.lineEgress': 'Egress',
    'csv.uploadHours': 'Upload (hours)',
    dataAs: 'Data given as',
    'dataAs.tokens': 'Tokens',
    'dataAs.examples': 'Examples',
    examples: 'Examples',
    tokensPerExample: 'Tokens per example',
    packing: 'Packing',
    packingHint: 'join examples into full-length sequences',
    padding: 'Padding',
    'padding.longest': 'to the longest in the micro-batch',
    'padding.max-length': 'to the sequence length',
    // Durations (tr.duration)
    'unit.minute': ['minute', 'minutes'],
    'unit.hour': ['hour', 'hours'],
    'unit.day': ['day', 'days'],
    'unit.year': ['year', 'years'],
    underMinute: 'under a minute',
    yearsAside: ' ({n} {unit})',
    // Offer tiers and links
    'tier.neocloud': 'GPU cloud',
    'tier.marketplace': 'Marketplace',
    'tier.baremetal-lease': 'Bare-metal lease',
    'tier.hyperscaler': 'Hyperscaler',
    'link.ethernet': 'Ethernet',
    // Product names, the same in both languages (the Chinese table falls back to these).
    'link.nvlink': 'NVLink',
    'link.pcie': 'PCIe',
    'link.hccs': 'HCCS',
    'link.xgmi': 'Infinity Fabric',
    'link.infiniband': 'InfiniBand',
    'link.roce': 'RoCE',
    'link.efa': 'EFA',
    'link.none': 'none',
    // The whole run (layout card, estimate.runHours)
    runHeading: 'The whole run',
    'run.steady': 'Iterations',
    'run.checkpointEval': 'Checkpoints and evaluation',
    'run.failures': 'Restarts after failures',
    'run.belowBenchmark': 'Below benchmark speed',
    'run.startup': 'Start-up and final save',
    'run.total': 'Total',
    axisHours: 'Wall-clock hours',
    axisMinutes: 'Wall-clock minutes',
    // The host page (web/index.html, page.js, page-claims.js)
    shareCopy: 'Copy link',
    shareCopied: 'Link copied',
    shareManual: 'Press Ctrl+C to copy the link',
    shareLink: 'Link to this result',
    shareUnreadable: 'The job in this link could not be read (the link may be cut short or changed): the default job is shown below.',
    claimsHeading: 'The renters’ guide’s claims, checked',
    claimsNote: 'Each claim is computed again, now, by this calculator; “Open in the form” puts its request into the calculator above.',
    claimsLoading: 'Checking…',
    claimsFailed: 'Could not check the claims',
    'claim.claimed': 'The guide says',
    'claim.computed': 'Computed',
    'claim.verdict': 'Verdict',
    'verdict.agrees': 'Agrees',
    'verdict.too_high': 'Too high',
    'verdict.too_low': 'Too low',
    'verdict.not_computed': 'Not computed',
    claimOpen: 'Open in the form',
    // The recommended plan (summary.js)
    planHeading: 'Recommended plan',
    closestHeading: 'Closest plan',
    estimateHeading: 'Estimate (no rental offer can run it)',
    planUnits: '{units} {unitWord} of {per}',
    planEstimate: 'estimate: {n}',
    planUsed: '{n} in use',
    planPerB: '{v} per 1B tokens',
    noneQualifies: 'No offer meets everything you asked.',
    relaxLead: 'Relax one of these to get one:',
    'constraint.gpu': 'the GPU you chose',
    'constraint.isolation': 'private or isolated machines',
    'constraint.stack': 'CUDA',
    'constraint.confidence': 'a reliable price',
    // Warnings as badges (options-table.js), by the core's codes
    'warn.pcie_multi_gpu': 'PCIe only',
    'warn.nvlink_capped': 'NVLink capped',
    'warn.low_confidence': 'Unsure price',
    'warn.stale_price': 'Old price',
    'warn.spot': 'Spot',
    'warn.misses_deadline': 'Misses deadline',
    'warn.over_budget': 'Over budget',
    'warn.non_cuda': 'Not CUDA',
    'warn.long_run': 'Very long run',
    'warn.does_not_fit': 'Does not fit',
    'warn.units_limited': 'Too few units',
    'warn.single_node_only': 'One machine only',
    'warn.deadline_out_of_reach': 'Deadline out of reach',
    'warn.batch_limited': 'Batch-limited',
    'warn.large_cluster': 'Large cluster',
    'warn.slow_interconnect': 'Slow network',
    warnGeneric: 'Note',
    outsideBadge: 'Outside your ask',
    outsideLead: 'Breaks: ',
    'outside.gpu': 'another GPU',
    'outside.isolation': 'shared machines',
    'outside.stack': 'not CUDA',
    'outside.confidence': 'a low-confidence price',
    warningsItem: 'Warnings',
    // The comparison (options-table.js)
    'col.type': 'Type · isolation',
    'col.gpus': 'GPUs · units',
    filtersLegend: 'Filter the offers',
    filterGpu: 'GPU',
    filterDeployment: 'Type',
    filterIsolation: 'Isolation',
    filterTerm: 'Billing term',
    filterMeets: 'Meets the goal',
    filterAll: 'All',
    'term.hour': 'hourly',
    'term.day': 'daily',
    'term.week': 'weekly',
    'term.month': 'monthly',
    'term.year': 'yearly',
    showAll: 'Show all {n}',
    showTop: 'Show the top {n}',
    shownOf: 'Showing {a} of {b} offers',
    shownOfAll: 'Showing {a} of the {b} offers that pass the filters ({c} in all)',
    noRows: 'No offer matches these filters',
    resetFilters: 'Clear the filters',
    // How many GPUs (scaling.js, result.scaling)
    scalingHeading: 'How many GPUs',
    scalingNote: '{gpu}: wall-clock time and total cost against the GPU count (whole units).',
    scalingHint: 'Click a point (or press Enter on it) to size the job by that count; the arrow keys move between counts.',
    axisGpus: 'GPUs',
    axisCostTotal: 'Total cost',
    scalingOffer: 'Costs are {offer}’s prices.',
    scalingDeadline: 'Deadline',
    scalingStops: 'Stops paying',
    scalingStopsBeyond: 'Doubling pays up to {n} GPUs: beyond the largest count plotted ({last})',
    scalingChosen: 'Your count',
    scalingWholeUnits: '({asked} asked, in whole units)',
    scalingNoDeadline: 'No deadline: sized by your GPU count',
    scalingPoint: '{n} {gpuWord} ({units} {unitWord}): {time}',
    gpuWord: ['GPU', 'GPUs'],
    unitWord: ['unit', 'units'],
    scalingSet: 'size by {n} GPUs',
    // Export and print (export.js)
    exportLegend: 'Export',
    exportCsv: 'Comparison CSV',
    exportJson: 'Request and response JSON',
    exportMd: 'Summary Markdown',
    exportPrint: 'Print',
    'csv.offerId': 'Offer ID',
    'csv.provider': 'Provider',
    'csv.deployment': 'Type',
    'csv.tier': 'Tier',
    'csv.region': 'Region',
    'csv.isolation': 'Isolation',
    'csv.gpu': 'GPU',
    'csv.gpusPerUnit': 'GPUs per unit',
    'csv.units': 'Units',
    'csv.count': 'GPUs',
    'csv.wallDays': 'Time (days)',
    'csv.gpuHours': 'GPU-hours',
    'csv.cost': 'Total cost',
    'csv.currency': 'Currency',
    'csv.costPerB': 'Cost per 1B tokens',
    'csv.billing': 'Billing',
    'csv.fits': 'Fits',
    'csv.meetsGoal': 'Meets goal',
    'csv.recommended': 'Recommended',
    'csv.outside': 'Outside the constraints',
    'csv.priceDate': 'Price date',
    'csv.priceAgeDays': 'Price age (days)',
    'csv.confidence': 'Confidence',
    'csv.source': 'Source',
    'csv.warnings': 'Warnings',
    'md.title': 'GPU training plan',
    'md.job': 'Job',
    'md.plan': 'Recommended plan',
    'md.alternatives': 'Alternatives',
    'md.assumptions': 'Assumptions',
    'md.warnings': 'Warnings',
    'md.prices': 'Price dates',
    'md.model': 'Model',
    'md.runnerUp': 'Runner-up',
    'md.alternative': 'Cheaper outside what was asked',
    'md.assumedDays': 'sized to a {n}-day deadline',
    'md.made': 'Made by gpusizer {v} on {date}; every figure is the calculator core’s.',
    'md.none': 'none',
    'md.offer': 'Offer',
    'md.age': '{n} days old',
    // Provider catalogs that fail (controller.js)
    catalogNotJson: 'not valid JSON',
    catalogNetwork: 'network error',
    catalogInvalid: 'The provider’s price catalog is wrong: {message}',
    catalogNoPrices: 'The provider’s price catalog is not available, so no prices are shown.',
  },
};

// The provider kit's pages (provider.html, the builder; embed.html, the iframe; the catalog file
// chooser of index.html and of the offline file): their own strings, in the same table. Every
// message about a catalog or a price list (errors, prices against the market, the rule) is the
// core's, in the language asked for.
Object.assign(STRINGS.zh, {
  kitTitle: '服务商工具：价格目录',
  kitIntro: '把你的价格表变成 gpusizer 的价格目录，用它预览计算器，再把一段代码贴到你的网站上。全部在浏览器中完成，不上传任何数据。',
  kitBack: '返回计算器',
  kitImportHeading: '1. 导入价格表',
  kitImportHint: '每行一个方案，第一行是列名。列名就是目录中方案的字段名，顺序不限；空单元格表示不卖或未说明。可用的列：',
  kitImportPaste: '粘贴 CSV，或从表格软件中复制的单元格',
  kitImportFile: '或选择文件（CSV，UTF-8）',
  kitImportButton: '导入（替换下面的方案）',
  kitTemplate: '下载 CSV 模板',
  kitImported: '已读取 {count} 行方案。',
  kitImportedOne: '已读取 1 行方案。',
  kitImportEmpty: '请先粘贴价格表或选择文件。',
  kitImportFailed: '无法读取价格表：',
  kitOffersHeading: '2. 方案',
  kitOffersEmpty: '还没有方案：导入价格表，或添加一个方案。',
  kitOffersCaption: '方案（行号与下载的 CSV 相同，第 1 行是表头）',
  kitAddOffer: '添加方案',
  kitEdit: '编辑',
  kitRemove: '删除',
  kitEditRow: '编辑第 {row} 行',
  kitRemoveRow: '删除第 {row} 行',
  kitFrameTitle: 'GPU 训练成本计算器',
  kitDownloadCsv: '下载这些方案（CSV）',
  'kitCol.row': '行',
  'kitCol.provider': '服务商',
  'kitCol.gpu': 'GPU',
  'kitCol.unit': '每台卡数',
  'kitCol.units': '可用台数',
  'kitCol.prices': '每台价格',
  'kitCol.term': '最短租期（小时）',
  'kitCol.isolation': '隔离',
  'kitCol.network': '互联',
  'kitCol.date': '报价日期',
  'kitCol.check': '检查',
  'kitCol.actions': '操作',
  kitCheckOk: '通过',
  kitCheckError: '有误',
  kitCheckFlag: '价格偏离市场',
  kitFormHeading: '第 {row} 行的方案',
  kitFormDone: '完成',
  kitPricesLegend: '每台价格（不卖的周期留空）',
  kitTermLegend: '租期与费用',
  kitNetworkLegend: '互联',
  kitOfferLegend: '方案',
  'kitField.provider': '服务商名称',
  'kitField.provider.zh': '中文名称（可不填）',
  'kitField.id': '方案 id（可不填，自动生成）',
  'kitField.deployment': '部署方式',
  'kitField.region': '地区',
  'kitField.gpu': 'GPU 型号',
  'kitField.gpusPerUnit': '每台卡数（一台机器或一个实例）',
  'kitField.unitsAvailable': '可用台数（可不填）',
  'kitField.currency': '币种',
  'kitField.hour': '每小时',
  'kitField.day': '每天',
  'kitField.month': '每月（720 小时）',
  'kitField.year': '每年',
  'kitField.minTermHours': '最短租期（小时）',
  'kitHint.minTermHours': '0 = 按量付费，720 = 一个月，8760 = 一年',
  'kitField.depositMonths': '押金（几个月的租金）',
  'kitField.setupFee': '一次性安装费（每台）',
  'kitField.isolation': '隔离',
  'kitField.intraUnit': '同一台内的 GPU 互联',
  'kitField.interUnit': '台与台之间的网络',
  'kitField.interUnitGBpsPerGpu': '台间带宽（每卡 GB/s，单向）',
  'kitField.priceDate': '报价日期（YYYY-MM-DD）',
  kitNotStated: '未说明',
  'kitEnum.deployment.local-dc': '本地机房整机租赁',
  'kitEnum.deployment.cloud': '云',
  'kitEnum.isolation.private': '私有（独占服务器）',
  'kitEnum.isolation.physical': '物理隔离集群',
  'kitEnum.isolation.shared': '共享',
  'kitEnum.interUnit.none': '无（多台不能组成一个任务）',
  'kitEnum.interUnit.ethernet': '以太网',
  'kitEnum.intraUnit.hccs': 'HCCS（昇腾）',
  'kitEnum.intraUnit.xgmi': 'xGMI（AMD）',
  kitSummaryOk: '{count} 个方案全部通过检查。',
  kitSummaryOkOne: '这个方案通过检查。',
  kitSummaryErrors: '{count} 行有误。预览使用最近一次有效的目录。',
  kitSummaryErrorsOne: '1 行有误。预览使用最近一次有效的目录。',
  kitMarketRule: '价格核对规则',
  kitCatalogHeading: '3. 价格目录',
  kitCatalogHint: '把它放到你的网站上，与计算器的文件同源，例如 /gpusizer/catalog.json。',
  kitCatalogNone: '还没有有效的目录。',
  kitDownload: '下载 catalog.json',
  kitCatalogJson: '目录 JSON',
  kitSnippetsHeading: '4. 放到你的页面上',
  kitSiteFolder: '计算器文件所在的文件夹',
  kitCatalogUrl: '目录的地址（与计算器同源）',
  kitTheme: '主题',
  'kitTheme.light': '浅色',
  'kitTheme.dark': '深色',
  kitAccent: 'iframe 强调色（可不填，如 #047857）',
  kitCtaHref: '“申请此配置”链接（可不填，如 /contact）',
  kitCtaLabel: '按钮文字（可不填）',
  kitCtaHint: '填了链接或文字，推荐方案和你的每个方案旁都会有一个按钮：点击时页面收到 gpusizer-quote 事件（含方案、台数、卡数、天数、费用和请求）；有链接时打开它，方案写在查询参数里（offer、units、gpus、days、cost、currency）。链接须为 http、https 或相对地址。',
  kitCtaHrefBad: '链接须为 http、https 或相对地址，片段中已略去。',
  kitQuoteLink: '在你的网站上，这次点击会打开 {url}',
  kitQuoteEvent: '在你的网站上，这次点击会给页面一个 gpusizer-quote 事件（没有设置链接）。',
  kitElementLoader: '片段加载的是轻量的加载器：计算器滚动到视野附近时才下载，下载前保留它的高度，页面不会跳动。不能运行 JavaScript 时，<noscript> 里的表格显示你的价格；不能运行 WebAssembly 时，元素自己显示这张表。',
  kitElementSnippet: '元素：页面可以加载脚本时',
  kitElementCsp: '页面的 CSP 须允许：script-src 计算器所在的源和 \'wasm-unsafe-eval\'；connect-src 和 style-src 计算器所在的源。',
  kitFrameSnippet: 'iframe：不允许脚本的 CMS',
  kitFrameCsp: '页面的 CSP 须允许：frame-src 计算器所在的源。计算器的服务器不能发送禁止嵌入的 frame-ancestors 或 X-Frame-Options。',
  kitFrameListener: '可选：页面允许一小段脚本时，加上 docs/embedding.md 里的监听脚本，iframe 会随内容调整高度；否则高度固定，内容过长时在 iframe 内滚动。',
  kitCopy: '复制',
  kitCopied: '已复制',
  kitCopyManual: '请按 Ctrl+C 复制',
  kitPreviewHeading: '5. 预览',
  kitPreviewNote: '计算器使用上面的目录，与你网站上显示的一样。',
  frameCatalogRejected: 'catalog 参数须为与本页同源的地址；显示的是默认价格目录。',
  catalogFileLabel: '使用自己的价格目录（JSON 或 CSV 文件）',
  catalogFileUsing: '正在使用 {name}：{count} 个方案。',
  catalogFileUsingOne: '正在使用 {name}：1 个方案。',
  catalogFileDefault: '改回默认价格目录',
  catalogFileFailed: '{name} 不能使用：',
  catalogFileDefaultInUse: '正在使用默认价格目录。',
});

Object.assign(STRINGS.en, {
  kitTitle: 'Provider kit: your price catalog',
  kitIntro: 'Turn your price list into a gpusizer catalog, preview the calculator with it, and paste one snippet into your site. Everything happens in your browser; nothing is uploaded.',
  kitBack: 'Back to the calculator',
  kitImportHeading: '1. Import a price list',
  kitImportHint: 'One offer per row; the first row names the columns. Columns are named as the catalog’s offer fields, in any order; an empty cell means not sold or not stated. The columns read:',
  kitImportPaste: 'Paste CSV, or cells copied from a spreadsheet',
  kitImportFile: 'or choose a file (CSV, UTF-8)',
  kitImportButton: 'Import (replaces the offers below)',
  kitTemplate: 'Download a CSV template',
  kitImported: 'Read {count} offer rows.',
  kitImportedOne: 'Read 1 offer row.',
  kitImportEmpty: 'Paste a price list or choose a file first.',
  kitImportFailed: 'The price list cannot be read: ',
  kitOffersHeading: '2. Offers',
  kitOffersEmpty: 'No offers yet: import a price list or add an offer.',
  kitOffersCaption: 'Offers (rows numbered as in the downloaded CSV; row 1 is the header)',
  kitAddOffer: 'Add an offer',
  kitEdit: 'Edit',
  kitRemove: 'Remove',
  kitEditRow: 'Edit row {row}',
  kitRemoveRow: 'Remove row {row}',
  kitFrameTitle: 'GPU training cost calculator',
  kitDownloadCsv: 'Download these offers (CSV)',
  'kitCol.row': 'Row',
  'kitCol.provider': 'Provider',
  'kitCol.gpu': 'GPU',
  'kitCol.unit': 'GPUs per unit',
  'kitCol.units': 'Units',
  'kitCol.prices': 'Prices per unit',
  'kitCol.term': 'Minimum term (h)',
  'kitCol.isolation': 'Isolation',
  'kitCol.network': 'Interconnect',
  'kitCol.date': 'Price date',
  'kitCol.check': 'Check',
  'kitCol.actions': 'Actions',
  kitCheckOk: 'OK',
  kitCheckError: 'Error',
  kitCheckFlag: 'Far from the market',
  kitFormHeading: 'The offer in row {row}',
  kitFormDone: 'Done',
  kitPricesLegend: 'Price per unit (leave empty the periods you do not sell)',
  kitTermLegend: 'Terms and fees',
  kitNetworkLegend: 'Interconnect',
  kitOfferLegend: 'Offer',
  'kitField.provider': 'Provider name',
  'kitField.provider.zh': 'Chinese name (optional)',
  'kitField.id': 'Offer id (optional; made for you)',
  'kitField.deployment': 'Deployment',
  'kitField.region': 'Region',
  'kitField.gpu': 'GPU',
  'kitField.gpusPerUnit': 'GPUs per unit (machine)',
  'kitField.unitsAvailable': 'Units available (optional)',
  'kitField.currency': 'Currency',
  'kitField.hour': 'Per hour',
  'kitField.day': 'Per day',
  'kitField.month': 'Per month (720 h)',
  'kitField.year': 'Per year',
  'kitField.minTermHours': 'Minimum term (hours)',
  'kitHint.minTermHours': '0 = pay as you go, 720 = a month, 8760 = a year',
  'kitField.depositMonths': 'Deposit (months of rent)',
  'kitField.setupFee': 'Setup fee (once per unit)',
  'kitField.isolation': 'Isolation',
  'kitField.intraUnit': 'Link between a unit’s GPUs',
  'kitField.interUnit': 'Network between units',
  'kitField.interUnitGBpsPerGpu': 'Bandwidth between units (GB/s per GPU, one way)',
  'kitField.priceDate': 'Price date (YYYY-MM-DD)',
  kitNotStated: 'not stated',
  'kitEnum.deployment.local-dc': 'local data centre (whole-machine lease)',
  'kitEnum.deployment.cloud': 'cloud',
  'kitEnum.isolation.private': 'private (dedicated servers)',
  'kitEnum.isolation.physical': 'physical (an isolated cluster)',
  'kitEnum.isolation.shared': 'shared',
  'kitEnum.interUnit.none': 'none (units cannot be joined into one job)',
  'kitEnum.interUnit.ethernet': 'Ethernet',
  'kitEnum.intraUnit.hccs': 'HCCS (Ascend)',
  'kitEnum.intraUnit.xgmi': 'xGMI (AMD)',
  kitSummaryOk: 'All {count} offers pass the check.',
  kitSummaryOkOne: 'The offer passes the check.',
  kitSummaryErrors: '{count} rows have errors. The preview uses the last valid catalog.',
  kitSummaryErrorsOne: '1 row has errors. The preview uses the last valid catalog.',
  kitMarketRule: 'How prices are checked',
  kitCatalogHeading: '3. The catalog',
  kitCatalogHint: 'Put it on your site, on the same origin as the calculator’s files, e.g. /gpusizer/catalog.json.',
  kitCatalogNone: 'No valid catalog yet.',
  kitDownload: 'Download catalog.json',
  kitCatalogJson: 'Catalog JSON',
  kitSnippetsHeading: '4. Put it on your page',
  kitSiteFolder: 'Folder of the calculator’s files',
  kitCatalogUrl: 'Catalog URL (same origin as the calculator)',
  kitTheme: 'Theme',
  'kitTheme.light': 'Light',
  'kitTheme.dark': 'Dark',
  kitAccent: 'iframe accent colour (optional, e.g. #047857)',
  kitCtaHref: '“Request this configuration” link (optional, e.g. /contact)',
  kitCtaLabel: 'Button text (optional)',
  kitCtaHint: 'With a link or a text, a button stands beside the recommended plan and each of your offers: a click gives your page a gpusizer-quote event (the offer, units, GPUs, days, cost and the request); with a link it opens the link with the plan in its query (offer, units, gpus, days, cost, currency). The link must be an http, https or relative URL.',
  kitCtaHrefBad: 'The link must be an http, https or relative URL; the snippet leaves it out.',
  kitQuoteLink: 'On your site, this click opens {url}',
  kitQuoteEvent: 'On your site, this click gives your page a gpusizer-quote event (no link is set).',
  kitElementLoader: 'The snippet loads a small loader: the calculator is downloaded only when it scrolls near the view, and keeps its height until then so the page does not jump. Without JavaScript the table inside <noscript> shows your prices; without WebAssembly the element shows that table itself.',
  kitElementSnippet: 'The element: for pages that may load a script',
  kitElementCsp: 'The page’s CSP must allow script-src from the calculator’s origin and \'wasm-unsafe-eval\', and connect-src and style-src from the calculator’s origin.',
  kitFrameSnippet: 'The iframe: for a CMS that allows no scripts',
  kitFrameCsp: 'The page’s CSP must allow frame-src from the calculator’s origin, and the calculator’s server must not forbid framing (frame-ancestors, X-Frame-Options).',
  kitFrameListener: 'Optional: where the page allows a few lines of script, the listener in docs/embedding.md makes the iframe grow to its content; otherwise it keeps its height and scrolls inside.',
  kitCopy: 'Copy',
  kitCopied: 'Copied',
  kitCopyManual: 'Press Ctrl+C to copy',
  kitPreviewHeading: '5. Preview',
  kitPreviewNote: 'The calculator with the catalog above, as it will show on your site.',
  frameCatalogRejected: 'The catalog parameter must be a URL on this page’s origin; the default catalog is shown.',
  catalogFileLabel: 'Use your own price catalog (a JSON or CSV file)',
  catalogFileUsing: 'Using {name}: {count} offers.',
  catalogFileUsingOne: 'Using {name}: 1 offer.',
  catalogFileDefault: 'Back to the default catalog',
  catalogFileFailed: '{name} cannot be used: ',
  catalogFileDefaultInUse: 'Using the default catalog.',
});

// For a provider's marketing page: the call to action (cta-label's default), the price table shown
// without WebAssembly (sizer/fallback.js; also the kit's <noscript> copy), and the console warning
// for an attribute (or an iframe parameter) whose value is ignored.
Object.assign(STRINGS.zh, {
  ctaDefault: '申请此配置',
  ctaAria: '{label}：{offer}',
  'fallback.caption': 'GPU 租用价格',
  'fallback.offer': '方案',
  'fallback.gpu': 'GPU',
  'fallback.gpusPerUnit': '每台卡数',
  'fallback.prices': '价格（每台）',
  'fallback.priceDate': '报价日期',
  'fallback.noWasm': '计算器需要 WebAssembly，这个浏览器无法运行它。',
  'fallback.loadFailed': '计算器无法加载。',
  'fallback.noScript': '计算器需要 JavaScript 和 WebAssembly。',
  'fallback.pricesBelow': '以下是服务商的价格。',
  attrIgnored: '<gpu-sizer>：已忽略 {name}="{value}"，{why}；使用默认值。',
  frameParamIgnored: 'embed.html：已忽略参数 {name}={value}，{why}；使用默认值。',
  'attrWhy.lang': '应为 {list} 之一',
  'attrWhy.currency': '应为 {list} 之一',
  'attrWhy.preset': '应为价格目录中的模型预设 id',
  'attrWhy.gpu': '应为价格目录中的 GPU id',
  'attrWhy.theme': '应为 {list} 之一',
  'attrWhy.minHeight': '应为不超过 10000 的长度，如 1200、1200px、60rem',
  'attrWhy.ctaLabel': '应为 1 到 {max} 个字符',
  'attrWhy.ctaHref': '应为 http、https 或相对地址',
  'attrWhy.catalog': '应为与本页同源的地址',
  'attrWhy.accent': '应为 light、dark 或 #rgb、#rrggbb 颜色',
});
Object.assign(STRINGS.en, {
  ctaDefault: 'Request this configuration',
  ctaAria: '{label}: {offer}',
  'fallback.caption': 'GPU rental prices',
  'fallback.offer': 'Offer',
  'fallback.gpu': 'GPU',
  'fallback.gpusPerUnit': 'GPUs per unit',
  'fallback.prices': 'Prices (per unit)',
  'fallback.priceDate': 'Price date',
  'fallback.noWasm': 'The calculator needs WebAssembly, which this browser does not run.',
  'fallback.loadFailed': 'The calculator could not be loaded.',
  'fallback.noScript': 'The calculator needs JavaScript and WebAssembly.',
  'fallback.pricesBelow': 'These are the provider’s prices.',
  attrIgnored: '<gpu-sizer>: {name}="{value}" is ignored, {why}; the default applies.',
  frameParamIgnored: 'embed.html: the parameter {name}={value} is ignored, {why}; the default applies.',
  'attrWhy.lang': 'it must be one of {list}',
  'attrWhy.currency': 'it must be one of {list}',
  'attrWhy.preset': 'it must be a model preset id of the catalog',
  'attrWhy.gpu': 'it must be a GPU id of the catalog',
  'attrWhy.theme': 'it must be one of {list}',
  'attrWhy.minHeight': 'it must be a length up to 10000, such as 1200, 1200px or 60rem',
  'attrWhy.ctaLabel': 'it must have 1 to {max} characters',
  'attrWhy.ctaHref': 'it must be an http, https or relative URL',
  'attrWhy.catalog': 'it must be a URL on this page’s origin',
  'attrWhy.accent': 'it must be light, dark or a colour #rgb or #rrggbb',
});
// i18n-tables:end

/** The tables, for the build's per-language modules (scripts/split-i18n.mjs). */
export { STRINGS };

// A language whose table is not here yet is loaded from its own module (sizer/i18n-<lang>.js,
// built from the tables above; in web/ itself and in the offline file every table is here).
const loads = new Map();

/** Whether lang's table is here (i18n(lang) then speaks it). */
export const hasLang = (lang) => !!STRINGS[lang];

// The provider kit's own strings (keys kit…, provider.html's) are a module of their own in the
// site too, sizer/i18n-kit-<lang>.js: the calculator's pages do not download them.
const kitLoads = new Map();

/** Loads lang's table and its kit strings (provider.html); resolves when both are here. */
export function loadKitStrings(lang) {
  if (!LANGS.includes(lang)) return Promise.resolve();
  return loadLang(lang).then(() => {
    if (STRINGS[lang]?.kitTitle != null) return undefined;
    if (!kitLoads.has(lang)) {
      kitLoads.set(lang, import(`./i18n-kit-${lang}.js`).then(
        (m) => {
          Object.assign(STRINGS[lang], m.default);
        },
        (err) => {
          kitLoads.delete(lang);
          throw err;
        },
      ));
    }
    return kitLoads.get(lang);
  });
}

/** Loads lang's table (once); resolves when i18n(lang) speaks it. */
export function loadLang(lang) {
  if (STRINGS[lang] || !LANGS.includes(lang)) return Promise.resolve();
  if (!loads.has(lang)) {
    loads.set(lang, import(`./i18n-${lang}.js`).then(
      (m) => {
        STRINGS[lang] = m.default;
      },
      (err) => {
        loads.delete(lang); // a later call tries again
        throw err;
      },
    ));
  }
  return loads.get(lang);
}

/** "zh", "zh-CN", "ZH-tw" → "zh": the entry of langs the value names (itself or a subtag), else null. */
export function normalizeLang(value, langs = LANGS) {
  const v = String(value || '').toLowerCase();
  for (const lang of langs) {
    const l = String(lang).toLowerCase();
    if (v === l || v.startsWith(`${l}-`)) return lang;
  }
  return null;
}

/** The browser's language when langs has it, else fallback. */
export function defaultLang(langs = LANGS, fallback = 'en') {
  const nav = typeof navigator !== 'undefined' ? navigator.language || '' : '';
  return normalizeLang(nav, langs) || fallback;
}

/** The languages of langs (the core's list) in the switch's order: the UI's own first. */
export function orderLangs(langs) {
  return [...LANGS.filter((l) => langs.includes(l)), ...langs.filter((l) => !LANGS.includes(l))];
}

export const langName = (lang) => NATIVE_NAMES[lang] || String(lang);

/** The currency a reader of lang expects (the element's default), or undefined. */
export const localCurrency = (lang) => LOCAL_CURRENCY[lang];

// Intl formats any well-formed ISO 4217 code; which codes a request may use is the core's business.
const currencyCode = (c) => (typeof c === 'string' && /^[A-Z]{3}$/.test(c) ? c : null);

const LOCALE = { zh: 'zh-CN', en: 'en-US' };
const cache = new Map();

function nf(lang, key, options) {
  const id = `${lang}|${key}`;
  let f = cache.get(id);
  if (!f) {
    f = new Intl.NumberFormat(LOCALE[lang] || 'en-US', options);
    cache.set(id, f);
  }
  return f;
}

const isNum = (v) => typeof v === 'number' && Number.isFinite(v);

/**
 * A catalog text in the reader's language: catalogs write prose and some names as a string or as
 * {"en": ..., "zh": ...} (core/data/README.md). The lang form, else en, else any form; '' for
 * anything else.
 */
export function localText(value, lang) {
  if (typeof value === 'string') return value;
  if (!value || typeof value !== 'object' || Array.isArray(value)) return '';
  for (const key of [lang, 'en']) if (typeof value[key] === 'string' && value[key]) return value[key];
  return Object.values(value).find((v) => typeof v === 'string' && v) || '';
}

// The step of the last digit kept when v is shown to three significant digits.
const step3 = (v) => 10 ** (Math.floor(Math.log10(Math.abs(v))) - 2);
// Compact units for a range, largest first (a range is shown in one unit).
const RANGE_UNITS = { zh: [[1e12, '万亿'], [1e8, '亿'], [1e4, '万']], en: [[1e12, 'T'], [1e9, 'B'], [1e6, 'M'], [1e3, 'K']] };

/** Translator and formatters for one language. */
export function i18n(lang) {
  const table = STRINGS[lang] || STRINGS.en || {};
  const t = (key) => {
    const s = table[key] ?? STRINGS.en?.[key] ?? key;
    return Array.isArray(s) ? s[1] : s;
  };
  return {
    lang,
    t,
    /** The label of an enumerated value (mode.lora → "LoRA"); the value itself when there is none. */
    enumLabel(name, value) {
      const s = table[`${name}.${value}`] ?? STRINGS.en?.[`${name}.${value}`];
      return s == null ? String(value) : Array.isArray(s) ? s[1] : s;
    },
    /** A word in the number n asks for (English has a singular and a plural; Chinese one form). */
    word(key, n) {
      const s = table[key] ?? STRINGS.en?.[key] ?? key;
      return Array.isArray(s) ? s[n === 1 ? 0 : 1] : s;
    },
    /** An aside after a figure: " (…)" in English, "（…）" in Chinese, whose punctuation is full-width. */
    aside: (text) => (lang === 'zh' ? `（${text}）` : ` (${text})`),
    /** What stands between a label and its value: ": " in English, "：" in Chinese. */
    colon: lang === 'zh' ? '：' : ': ',
    /** Items joined as a list in the language: "a, b" or "a，b". */
    joined: (items) => items.join(lang === 'zh' ? '，' : ', '),
    /** t() with {name} placeholders filled from vars. */
    fmt: (key, vars) => t(key).replace(/\{(\w+)\}/g, (m, k) => (k in vars ? String(vars[k]) : m)),
    /** The core's error message; in Chinese, led by a Chinese summary while the core's text is English. */
    errorMessage(error) {
      const message = (error && typeof error.message === 'string' && error.message) || '';
      if (lang !== 'zh' || /[\u4e00-\u9fff]/.test(message.replace(/万亿|亿|万/g, ''))) return message || String(error?.code || '');
      const lead = table[`error.${error?.code}`] || table.error;
      return message ? `${lead}：${message}` : lead;
    },
    /** "1 个月 + 3 天" / "1 month + 3 days" from cost.billing. */
    billing(items) {
      if (!Array.isArray(items) || items.length === 0) return '';
      return items
        .filter((b) => b && isNum(b.count))
        .map((b) => {
          const name = table[`period.${b.period}`] ?? STRINGS.en?.[`period.${b.period}`] ?? String(b.period);
          const word = Array.isArray(name) ? name[b.count === 1 ? 0 : 1] : name;
          if (b.period === 'setup') return word;
          const n = nf(lang, 'int', { maximumFractionDigits: 2 }).format(b.count);
          return `${n} ${word}`;
        })
        .join(' + ');
    },
    int: (v) => (isNum(v) ? nf(lang, 'int', { maximumFractionDigits: 0 }).format(v) : '—'),
    /**
     * A duration given in days as people read it, with the core's thresholds (diagnostics/duration.cpp):
     * under a minute; minutes below an hour; hours below two days; days; from a year on, days with
     * the years beside them. {value, unit, aside, text}: aside is " (2.19 years)" or ''.
     */
    duration(days) {
      if (!isNum(days) || days < 0) return { value: '—', unit: '', aside: '', text: '—' };
      const hours = days * 24;
      const word = (key, n) => {
        const s = table[key] ?? STRINGS.en?.[key];
        return Array.isArray(s) ? s[n === 1 ? 0 : 1] : s;
      };
      const make = (n, text, unitKey) => {
        const unit = word(unitKey, n);
        const years = Number((days / 365).toPrecision(3));
        const aside = unitKey === 'unit.day' && days >= 365
          ? (table.yearsAside ?? STRINGS.en?.yearsAside)
            .replace('{n}', nf(lang, 'sig3', { maximumSignificantDigits: 3 }).format(years))
            .replace('{unit}', word('unit.year', years))
          : '';
        return { value: text, unit, aside, text: `${text} ${unit}${aside}` };
      };
      if (hours < 1 / 60) {
        const text = table.underMinute ?? STRINGS.en?.underMinute;
        return { value: text, unit: '', aside: '', text };
      }
      const sigN = (v, d) => Number(v.toPrecision(d));
      if (hours < 1) {
        const n = sigN(hours * 60, 2);
        return make(n, nf(lang, 'sig2', { maximumSignificantDigits: 2 }).format(n), 'unit.minute');
      }
      if (hours < 48) {
        const n = sigN(hours, 3);
        return make(n, nf(lang, 'sig3', { maximumSignificantDigits: 3 }).format(n), 'unit.hour');
      }
      if (days < 365) {
        const n = sigN(days, 3);
        return make(n, nf(lang, 'sig3', { maximumSignificantDigits: 3 }).format(n), 'unit.day');
      }
      return make(Math.round(days), nf(lang, 'int', { maximumFractionDigits: 0 }).format(days), 'unit.day');
    },
    /** GPU-hours: whole from 100 up, three significant digits below (0.41, 12.5). */
    hours: (v) => {
      if (!isNum(v)) return '—';
      return v >= 100
        ? nf(lang, 'int', { maximumFractionDigits: 0 }).format(v)
        : nf(lang, 'sig3', { maximumSignificantDigits: 3 }).format(v);
    },
    /**
     * A point with its range, {point, low, high}, formatted so the point shown always lies inside the
     * range shown: the point as hours() shows it; low rounded down and high rounded up, in one unit
     * (K/M/B, 万/亿), at a step no finer than the point's last digit (three significant digits of
     * the point). A formatting rule only: the three numbers are the core's.
     */
    spread(low, point, high) {
      if (!isNum(low) || !isNum(point) || !isNum(high)) return null;
      const pointText = isNum(point) ? (point >= 100 ? nf(lang, 'int', { maximumFractionDigits: 0 }).format(point) : nf(lang, 'sig3', { maximumSignificantDigits: 3 }).format(point)) : '—';
      if (point <= 0) return { point: pointText, low: pointText, high: pointText };
      const step = step3(point);
      const [scale, suffix] = (RANGE_UNITS[lang] || RANGE_UNITS.en).find(([u]) => point >= u) || [1, ''];
      const digits = Math.max(0, Math.round(Math.log10(scale / step)));
      // Whole multiples of the step, then into the unit (a relative nudge keeps 0.29/0.01 at 29).
      const down = Math.floor(low / step + 1e-9) * step;
      const up = Math.ceil(high / step - 1e-9) * step;
      const f = nf(lang, `spread${digits}`, { minimumFractionDigits: 0, maximumFractionDigits: digits });
      return { point: pointText, low: `${f.format(down / scale)}${suffix}`, high: `${f.format(up / scale)}${suffix}` };
    },
    /** Three significant digits, for days and GiB. */
    sig: (v, digits = 3) =>
      isNum(v)
        ? nf(lang, `sig${digits}`, { maximumSignificantDigits: digits }).format(v)
        : '—',
    /** Days: one decimal below 100, whole days above. */
    days: (v) => {
      if (!isNum(v)) return '—';
      const digits = v < 10 ? 2 : v < 100 ? 1 : 0;
      return nf(lang, `d${digits}`, { maximumFractionDigits: digits }).format(v);
    },
    /** Money in compact notation for chart ticks and ranges: ¥574万 / CN¥5.7M. */
    moneyCompact: (v, currency) => {
      if (!isNum(v)) return '—';
      const code = currencyCode(currency);
      const opts = { notation: 'compact', maximumSignificantDigits: 3 };
      return nf(lang, `mc-${code}`, code ? { ...opts, style: 'currency', currency: code } : opts).format(v);
    },
    /** A plain number with at most `digits` decimals (unit prices, seconds, exchange rates). */
    dec: (v, digits = 2) =>
      isNum(v) ? nf(lang, `dec${digits}`, { maximumFractionDigits: digits }).format(v) : '—',
    /** Money with cents below 100 (unit prices, storage, cost per billion tokens). */
    price: (v, currency) => {
      if (!isNum(v)) return '—';
      const code = currencyCode(currency);
      const d = Math.abs(v) < 100 ? 2 : 0;
      const opts = { minimumFractionDigits: d, maximumFractionDigits: d };
      return nf(lang, `price-${code}-${d}`, code ? { ...opts, style: 'currency', currency: code } : opts).format(v);
    },
    /**
     * A price as a catalog writes it, with its currency and every decimal it has (up to 6): the
     * fallback's price table (sizer/fallback.js) shows prices the core has not read. A currency
     * that is no ISO code follows the number as written.
     */
    priceAsWritten: (v, currency) => {
      if (!isNum(v)) return '—';
      const code = currencyCode(currency);
      const opts = { minimumFractionDigits: 0, maximumFractionDigits: 6 };
      const n = nf(lang, `exact-${code}`, code ? { ...opts, style: 'currency', currency: code } : opts).format(v);
      return code || !currency ? n : `${n} ${currency}`;
    },
    money: (v, currency) => {
      if (!isNum(v)) return '—';
      const code = currencyCode(currency);
      if (!code) return nf(lang, 'int', { maximumFractionDigits: 0 }).format(v);
      return nf(lang, `money-${code}`, { style: 'currency', currency: code, maximumFractionDigits: 0 }).format(v);
    },
    /** A size on disk in decimal units, as the core writes one: "8.35 TB", "98 GB". */
    bytes: (v) => {
      if (!isNum(v)) return '—';
      const units = [[1e18, 'EB'], [1e15, 'PB'], [1e12, 'TB'], [1e9, 'GB'], [1e6, 'MB'], [1e3, 'KB']];
      const [size, unit] = units.find(([u]) => Math.abs(v) >= u * 0.9995) || [1, 'B'];
      return `${nf(lang, 'bytes', { maximumSignificantDigits: 3 }).format(v / size)} ${unit}`;
    },
    /** Compact count for a field value: 6.74B / 67.4亿. */
    compact: (v) =>
      isNum(v) ? nf(lang, 'compact', { notation: 'compact', maximumSignificantDigits: 3 }).format(v) : '',
    /** Scientific notation split for display: {mantissa, exponent}. */
    scientific(v) {
      if (!isNum(v)) return null;
      const parts = nf('en', 'sci', { notation: 'scientific', maximumSignificantDigits: 3 }).formatToParts(v);
      let mantissa = '';
      let exponent = '';
      let inExp = false;
      for (const p of parts) {
        if (p.type === 'exponentSeparator') inExp = true;
        else if (inExp) exponent += p.value;
        else mantissa += p.value;
      }
      return { mantissa, exponent };
    },
  };
}

