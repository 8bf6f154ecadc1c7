<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>QObject</name>
    <message>
        <source>PNG image</source>
        <translation>PNG 图像</translation>
    </message>
    <message>
        <source>SVG vector graphic</source>
        <translation>SVG 矢量图</translation>
    </message>
    <message>
        <source>PDF</source>
        <translation>PDF 文档</translation>
    </message>
    <message>
        <source>CSV (figure data)</source>
        <translation>CSV（图数据）</translation>
    </message>
    <message>
        <source>NumPy .npy (figure data)</source>
        <translation>NumPy .npy（图数据）</translation>
    </message>
    <message>
        <source>keep θ</source>
        <translation>保持 θ</translation>
    </message>
    <message>
        <source>ramp</source>
        <translation>斜坡</translation>
    </message>
    <message>
        <source>interpolate θ/s</source>
        <translation>插值 θ/s</translation>
    </message>
    <message>
        <source>pair i (0 = highest frequency)</source>
        <translation>维度对 i（0 = 最高频率）</translation>
    </message>
    <message>
        <source>wavelength λ&apos;ᵢ = 2π/θ&apos;ᵢ (positions)</source>
        <translation>波长 λ&apos;ᵢ = 2π/θ&apos;ᵢ（位置）</translation>
    </message>
    <message>
        <source>Reference lines: L0 and s of %1</source>
        <translation>参考线：%1 的 L0 和 s</translation>
    </message>
    <message>
        <source>Wavelength per pair</source>
        <translation>每个维度对的波长</translation>
    </message>
    <message>
        <source>%1: not a scaled rotary method (no ramp, no interpolation)</source>
        <translation>%1：不是对旋转频率做缩放的方法（没有斜坡，也没有插值）</translation>
    </message>
    <message>
        <source>mean cos(PE_m, PE_m+Δ)</source>
        <translation>平均 cos(PE_m, PE_m+Δ)</translation>
    </message>
    <message>
        <source>bias, head %1</source>
        <translation>偏置，注意力头 %1</translation>
    </message>
    <message>
        <source>relative upper bound U(Δ) = (1/(d/2)) Σⱼ |Sⱼ(Δ)|</source>
        <translation>相对上界 U(Δ) = (1/(d/2)) Σⱼ |Sⱼ(Δ)|</translation>
    </message>
    <message>
        <source>B(Δ) = Σᵢ cos(Δθ&apos;ᵢ)</source>
        <translation>B(Δ) = Σᵢ cos(Δθ&apos;ᵢ)</translation>
    </message>
    <message>
        <source>score qᵀR_Δk, random q, k = ρq + noise: mean ± 1 std</source>
        <translation>分数 qᵀR_Δk，随机 q，k = ρq + 噪声：均值 ± 1 个标准差</translation>
    </message>
    <message>
        <source>attention bias (logit units)</source>
        <translation>注意力偏置（logit 单位）</translation>
    </message>
    <message>
        <source>decay measure</source>
        <translation>衰减度量</translation>
    </message>
    <message>
        <source>%1 at its training length L0 = %2: H = %3</source>
        <translation>%1 在其训练长度 L0 = %2 处：H = %3</translation>
    </message>
    <message>
        <source>Attention-score decay against relative distance</source>
        <translation>注意力分数随相对距离的衰减</translation>
    </message>
    <message>
        <source>relative distance Δ (positions)</source>
        <translation>相对距离 Δ（位置）</translation>
    </message>
    <message>
        <source>a position signal</source>
        <translation>位置信号</translation>
    </message>
    <message>
        <source>a method with a %1 curve</source>
        <translation>具有 %1 曲线的方法</translation>
    </message>
    <message>
        <source>curve / its value at Δ = 0</source>
        <translation>曲线 / 其在 Δ = 0 处的值</translation>
    </message>
    <message>
        <source>Different measures are drawn on separate axes; tick “normalised” to compare their shapes on one axis</source>
        <translation>不同的度量画在不同的坐标轴上；勾选“归一化”可在同一坐标轴上比较形状</translation>
    </message>
    <message>
        <source>Each curve is divided by its own value at Δ = 0, so measures of different kinds share the axis</source>
        <translation>每条曲线都除以它自己在 Δ = 0 处的值，因此不同类型的度量共用坐标轴</translation>
    </message>
    <message>
        <source>%1 seeded draws of q ~ N(0, I), k = 0.9 q + noise; band: ±1 standard deviation</source>
        <translation>%1 次固定种子抽样：q ~ N(0, I)，k = 0.9 q + 噪声；带状区域：±1 个标准差</translation>
    </message>
    <message>
        <source>No such curve for %1</source>
        <translation>%1 没有这种曲线</translation>
    </message>
    <message>
        <source>Not normalised (value 0 at Δ = 0): %1</source>
        <translation>未归一化（Δ = 0 处的值为 0）：%1</translation>
    </message>
    <message>
        <source>Attention entropy against context length</source>
        <translation>注意力熵随上下文长度的变化</translation>
    </message>
    <message>
        <source>context length n (tokens)</source>
        <translation>上下文长度 n（词元）</translation>
    </message>
    <message>
        <source>entropy H(n) of the last query (nats)</source>
        <translation>最后一个查询的注意力熵 H(n)（奈特）</translation>
    </message>
    <message>
        <source>uniform ln n</source>
        <translation>均匀分布 ln n</translation>
    </message>
    <message>
        <source>At σ² = 1 the expected-similar score equals the all-ones score (E[qᵀR_Δq] = σ²·Σ over channels); change σ² to see a difference</source>
        <translation>σ² = 1 时，“期望相似”分数等于“全 1 向量”分数（E[qᵀR_Δq] = σ²·对通道求和）；改变 σ² 才能看到差别</translation>
    </message>
    <message>
        <source>Not shown: %1</source>
        <translation>未显示：%1</translation>
    </message>
    <message>
        <source>%1 positions per bin</source>
        <translation>每个区间最多 %1 个位置</translation>
    </message>
    <message>
        <source>one row per position (exact values)</source>
        <translation>每个位置一行（精确值）</translation>
    </message>
    <message>
        <source>each bin is the exact mean over its positions (closed-form geometric series, up to %1)</source>
        <translation>每个区间的值是其中各位置的精确平均（等比级数闭式求和，%1）</translation>
    </message>
    <message>
        <source>each bin is the exact mean over its rows of the table (mean pyramid, up to %1)</source>
        <translation>每个区间的值是表中对应各行的精确平均（均值金字塔，%1）</translation>
    </message>
    <message>
        <source>each bin is the exact mean over its positions (summed, up to %1)</source>
        <translation>每个区间的值是其中各位置的精确平均（逐项求和，%1）</translation>
    </message>
    <message>
        <source>point sampling: each bin shows the value at its first position only (1 of up to %1), so dimensions with wavelengths near or below the bin width alias</source>
        <translation>点采样：每个区间只显示其第一个位置的值（%1，只取其中 1 个），因此波长接近或小于区间宽度的维度会出现混叠</translation>
    </message>
    <message>
        <source> mod 2π (rad)</source>
        <translation> mod 2π（弧度）</translation>
    </message>
    <message>
        <source>bucket index of q − k (not a bias)</source>
        <translation>q − k 的桶编号（不是偏置）</translation>
    </message>
    <message>
        <source>bias(q − k), head %1</source>
        <translation>偏置 bias(q − k)，注意力头 %1</translation>
    </message>
    <message>
        <source>pair i</source>
        <translation>维度对 i</translation>
    </message>
    <message>
        <source>key position</source>
        <translation>键的位置</translation>
    </message>
    <message>
        <source>dimension j</source>
        <translation>维度 j</translation>
    </message>
    <message>
        <source>no matrix view</source>
        <translation>没有矩阵视图</translation>
    </message>
    <message>
        <source>%1 has no matrix view: it adds no position signal</source>
        <translation>%1 没有矩阵视图：它不加入位置信号</translation>
    </message>
    <message>
        <source>query position</source>
        <translation>查询的位置</translation>
    </message>
    <message>
        <source>position m</source>
        <translation>位置 m</translation>
    </message>
    <message>
        <source>positions %1…%2</source>
        <translation>位置 %1…%2</translation>
    </message>
    <message>
        <source> (one column per position)</source>
        <translation>（每个位置一列）</translation>
    </message>
    <message>
        <source>%1 — %2 over %3</source>
        <translation>%1 — %2，%3</translation>
    </message>
    <message>
        <source>Dimensions whose wavelength is shorter than a bin average out to about 0 (pale)</source>
        <translation>波长短于一个区间的维度平均后约为 0（颜色浅）</translation>
    </message>
    <message>
        <source>Half pairing: channels j and j + %1 rotate together, at the frequency of pair j mod %1</source>
        <translation>前后半配对：通道 j 与 j + %1 一起旋转，频率取维度对 j&#xa0;mod&#xa0;%1 的频率</translation>
    </message>
    <message>
        <source>Channels %1…%2 pass through unrotated</source>
        <translation>通道 %1…%2 不旋转，保持原值</translation>
    </message>
    <message>
        <source>a = %1 (attention factor)</source>
        <translation>a = %1（注意力因子）</translation>
    </message>
    <message>
        <source>%1 has no bucket values: each cell is the bucket index of q − k (0, 1, 2, …), not a bias in logit units; give the learned bias per bucket to see the bias</source>
        <translation>%1 没有桶偏置值：每个格子是 q − k 的桶编号（0, 1, 2, …），而不是以 logit 为单位的偏置；给出每个桶学到的偏置即可看到偏置</translation>
    </message>
    <message>
        <source>%1 dimensions on fewer pixel rows: each drawn row is the exact mean of %2 dimensions; the hover read-out gives each</source>
        <translation>%1 个维度画在更少的像素行上：每一行是 %2 个维度的精确平均；鼠标悬停读数给出每个维度的值</translation>
    </message>
    <message>
        <source>Grey cells are masked: future keys under causal attention</source>
        <translation>灰色格子被屏蔽：因果注意力下的未来键</translation>
    </message>
    <message>
        <source>Select a second method to compare side by side or as a difference</source>
        <translation>再选择一个方法即可并排或以差值对比</translation>
    </message>
    <message>
        <source>%1 has no %2 view (it has: %3); showing %4 only</source>
        <translation>%1 没有“%2”视图（它有：%3）；只显示 %4</translation>
    </message>
    <message>
        <source>Attention factor left out (compare like with like): cos and sin without a; switch on the view option “Attention factor” to include it</source>
        <translation>未计入注意力因子（保持比较口径一致）：cos 和 sin 不乘 a；勾选视图选项“注意力因子”即可计入</translation>
    </message>
    <message>
        <source>%1 vs %2 — %3 over %4</source>
        <translation>%1 对比 %2 — %3，%4</translation>
    </message>
    <message>
        <source>%1 − %2 — difference of %3 over %4</source>
        <translation>%1 − %2 — “%3”的差值，%4</translation>
    </message>
    <message>
        <source>%1 has no position vectors to analyse (views: %2)</source>
        <translation>%1 没有可分析的位置向量（视图：%2）</translation>
    </message>
    <message>
        <source>The relative score applies to rotary and bias methods; showing the dot product</source>
        <translation>相对分数只适用于旋转类方法和偏置类方法；改为显示点积</translation>
    </message>
    <message>
        <source>%1 has no position vectors to compare by %2; showing the relative score</source>
        <translation>%1 没有可按“%2”比较的位置向量；改为显示相对分数</translation>
    </message>
    <message>
        <source>Window limited to %1 positions</source>
        <translation>窗口限制为 %1 个位置</translation>
    </message>
    <message>
        <source>position i (query)</source>
        <translation>位置 i（查询）</translation>
    </message>
    <message>
        <source>position j (key)</source>
        <translation>位置 j（键）</translation>
    </message>
    <message>
        <source>bias(i − j), head %1</source>
        <translation>偏置 bias(i − j)，注意力头 %1</translation>
    </message>
    <message>
        <source>%1 — similarity %2 over positions %3…%4</source>
        <translation>%1 — 位置 %3…%4 的相似度 %2</translation>
    </message>
    <message>
        <source>Similarity shows the primary method only</source>
        <translation>相似度只显示主方法</translation>
    </message>
    <message>
        <source>Spectrum over the first %1 positions</source>
        <translation>前 %1 个位置的频谱</translation>
    </message>
    <message>
        <source>analytic 2π/θ&apos;ᵢ</source>
        <translation>解析值 2π/θ&apos;ᵢ</translation>
    </message>
    <message>
        <source>%1: FFT peak (measured)</source>
        <translation>%1：FFT 峰值（实测）</translation>
    </message>
    <message>
        <source>%1 — wavelength of each channel of the %2 matrix: FFT peak vs analytic</source>
        <translation>%1 — 矩阵视图“%2”中每个通道的波长：FFT 峰值与解析值</translation>
    </message>
    <message>
        <source>wavelength (positions)</source>
        <translation>波长（位置）</translation>
    </message>
    <message>
        <source>Spectrum shows the primary method only</source>
        <translation>频谱只显示主方法</translation>
    </message>
    <message>
        <source>PCA of the first %1 positions</source>
        <translation>前 %1 个位置的主成分分析</translation>
    </message>
    <message>
        <source>Dots drawn for one position in %1 (%2 of %3)</source>
        <translation>每 %1 个位置画一个点（共 %3 个位置，画出 %2 个）</translation>
    </message>
    <message>
        <source>%1: positions 0…%2</source>
        <translation>%1：位置 0…%2</translation>
    </message>
    <message>
        <source>start (m = 0)</source>
        <translation>起点（m = 0）</translation>
    </message>
    <message>
        <source>Explained variance: %1</source>
        <translation>解释方差：%1</translation>
    </message>
    <message>
        <source>PCA shows the primary method only</source>
        <translation>PCA 视图只显示主方法</translation>
    </message>
    <message>
        <source>L0 of %1</source>
        <translation>%1 的 L0</translation>
    </message>
    <message>
        <source>s·L0 of %1</source>
        <translation>%1 的 s·L0</translation>
    </message>
    <message>
        <source>the view length</source>
        <translation>视图长度</translation>
    </message>
    <message>
        <source>L (no method has an L0)</source>
        <translation>等于 L：没有方法具有 L0</translation>
    </message>
    <message>
        <source>chosen</source>
        <translation>指定值</translation>
    </message>
    <message>
        <source>quantity</source>
        <translation>指标</translation>
    </message>
    <message>
        <source>d_extra: critical dimension (Liu et al.)</source>
        <translation>d_extra：临界维度（Liu 等）</translation>
    </message>
    <message>
        <source>T_extra: extrapolation bound (positions)</source>
        <translation>T_extra：外推上界（位置）</translation>
    </message>
    <message>
        <source>L_θ: last Δ before B(Δ) first turns negative (Men et al.)</source>
        <translation>L_θ：B(Δ) 首次变为负值之前的最后一个 Δ（Men 等）</translation>
    </message>
    <message>
        <source>base lower bound for L (Men et al.)</source>
        <translation>长度 L 所需基数的下界（Men 等）</translation>
    </message>
    <message>
        <source>effective base b_eff</source>
        <translation>等效基数 b_eff</translation>
    </message>
    <message>
        <source>pairs kept / ramped / interpolated</source>
        <translation>保持 / 斜坡混合 / 插值的维度对个数</translation>
    </message>
    <message>
        <source>largest wavelength (positions)</source>
        <translation>最大波长（位置）</translation>
    </message>
    <message>
        <source>original context L0</source>
        <translation>原始长度 L0</translation>
    </message>
    <message>
        <source>a rotary method</source>
        <translation>旋转类方法</translation>
    </message>
    <message>
        <source>base lower bound (d = %1)</source>
        <translation>基数下界（d = %1）</translation>
    </message>
    <message>
        <source>above 10¹⁵</source>
        <translation>大于 10¹⁵</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>≥ %1 (B ≥ 0 throughout)</source>
        <translation>≥ %1（B 始终 ≥ 0）</translation>
    </message>
    <message>
        <source>L = %1</source>
        <translation>长度 L = %1</translation>
    </message>
    <message>
        <source>Base lower bound vs context (Men et al. Fig. 1)</source>
        <translation>基数下界随上下文长度的变化（Men 等，图 1）</translation>
    </message>
    <message>
        <source>context length L (tokens)</source>
        <translation>上下文长度 L（词元）</translation>
    </message>
    <message>
        <source>RoPE base</source>
        <translation>RoPE 基数</translation>
    </message>
    <message>
        <source>Critical dimension (Liu et al.)</source>
        <translation>临界维度（Liu 等）</translation>
    </message>
    <message>
        <source>wavelength 2π/θ&apos;ᵢ (positions)</source>
        <translation>波长 2π/θ&apos;ᵢ（位置）</translation>
    </message>
    <message>
        <source>B(Δ) = Σᵢ cos(Δθ&apos;ᵢ); L_θ is the last Δ before B first turns negative</source>
        <translation>B(Δ) = Σᵢ cos(Δθ&apos;ᵢ)；L_θ 是 B 第一次变为负值之前的最后一个 Δ</translation>
    </message>
    <message>
        <source>Not rotary (no bounds): %1</source>
        <translation>非旋转类方法（没有界限）：%1</translation>
    </message>
    <message>
        <source> (one column per ≈%1 positions: point samples)</source>
        <translation>（每列约 %1 个位置：点采样）</translation>
    </message>
    <message>
        <source> (one column per ≈%1 positions: exact mean)</source>
        <translation>（每列约 %1 个位置：精确平均）</translation>
    </message>
    <message>
        <source>L &gt; %1: not run</source>
        <translation>L &gt; %1：未计算</translation>
    </message>
    <message>
        <source>%1: pairs with λ below L0/β (more than β = %2 turns in L0) keep θ; pairs above L0/α (fewer than α = %3 turns) are interpolated by s</source>
        <translation>%1：波长 λ 低于 L0/β（在 L0 内转动超过 β = %2 圈）的维度对保持 θ；高于 L0/α（少于 α = %3 圈）的维度对按 s 插值</translation>
    </message>
    <message>
        <source>The base lower bound curve stops at %1 positions (seconds per length beyond); posenc compute base-bound gives it at any L</source>
        <translation>基数下界曲线止于 %1 个位置（更长时每个长度需数秒）；posenc compute base-bound 可给出任意 L 的值</translation>
    </message>
    <message>
        <source>%1 share b_eff = %2 (their points coincide)</source>
        <translation>%1 的 b_eff 相同，均为 %2（这些点重合）</translation>
    </message>
    <message>
        <source>head %1</source>
        <translation>头 %1</translation>
    </message>
    <message>
        <source>Rotary encoding as rotation: pairs at query position m = %1 (solid) and key position n = %2 (dashed)</source>
        <translation>旋转视图：查询位置 m = %1（实线）与键位置 n = %2（虚线）处的维度对</translation>
    </message>
    <message>
        <source>Only the first %1 methods are drawn</source>
        <translation>只画出前 %1 个方法</translation>
    </message>
    <message>
        <source>No rotating pairs: %1</source>
        <translation>没有可旋转维度对的方法：%1</translation>
    </message>
    <message>
        <source>bucket index of the distance (not a bias)</source>
        <translation>距离的桶编号（不是偏置）</translation>
    </message>
    <message>
        <source>bucket index, head %1</source>
        <translation>桶编号，注意力头 %1</translation>
    </message>
    <message>
        <source>%1 has no bucket values: the curve is the bucket index of each distance (0, 1, 2, …), not a bias in logit units; give the learned bias per bucket to see the bias</source>
        <translation>%1 没有桶偏置值：曲线是每个距离的桶编号（0, 1, 2, …），而不是以 logit 为单位的偏置；给出每个桶学到的偏置即可看到偏置</translation>
    </message>
    <message>
        <source>first channel of pair i</source>
        <translation>第一个通道（维度对 i）</translation>
    </message>
    <message>
        <source>second channel of pair i</source>
        <translation>第二个通道（维度对 i）</translation>
    </message>
    <message>
        <source>%1 and %2</source>
        <translation>%1 和 %2</translation>
    </message>
    <message>
        <source>, </source>
        <translation>、</translation>
    </message>
    <message>
        <source>the %1 view computes up to %2 positions (its cost grows with the length); the length is %3</source>
        <translation>%1视图最多计算 %2 个位置（计算量随长度增长）；当前长度为 %3</translation>
    </message>
    <message>
        <source>the %1 view needs %2; %3 has none</source>
        <translation>%1视图需要%2，而 %3 不满足这一条件</translation>
    </message>
    <message>
        <source>the %1 view needs %2; %3 have none</source>
        <translation>%1视图需要%2，而 %3 都不满足这一条件</translation>
    </message>
    <message>
        <source>Parameters that differ from %1&apos;s: %2</source>
        <translation>与 %1 不同的参数：%2</translation>
    </message>
    <message>
        <source>; </source>
        <translation>；</translation>
    </message>
    <message>
        <source>a rotary or sinusoidal method</source>
        <translation>旋转类方法或正弦位置编码</translation>
    </message>
    <message>
        <source>a scaled rotary method (one that rescales the RoPE frequencies, e.g. pi or yarn)</source>
        <translation>缩放的旋转类方法（即重新缩放 RoPE 频率的方法，如 pi 或 yarn）</translation>
    </message>
    <message>
        <source>random q, k: mean ± 1 std</source>
        <translation>随机 q、k：均值 ± 1 个标准差</translation>
    </message>
    <message>
        <source>the %1 view does not apply to %2; it has: %3</source>
        <translation>矩阵视图“%1”不适用于 %2；它有：%3</translation>
    </message>
    <message>
        <source>The difference needs equal shapes: %1 gives %2 x %3, %4 gives %5 x %6; showing %1 only</source>
        <translation>差值需要两者形状相同：%1 为 %2 × %3，%4 为 %5 × %6；只显示 %1</translation>
    </message>
    <message>
        <source>bias only</source>
        <translation>只有偏置</translation>
    </message>
    <message>
        <source>similarity</source>
        <translation>相似度（similarity）</translation>
    </message>
    <message>
        <source>a method with position vectors or scores</source>
        <translation>有位置向量或分数的方法</translation>
    </message>
    <message>
        <source>Drawn as at most %2 × %2 cells: each cell is the exact mean of %1×%1 positions; the hover read-out and the CSV/NPY export give every position</source>
        <translation>最多绘制 %2 × %2 个格子：每个格子是 %1×%1 个位置的精确平均；悬停读数和 CSV/NPY 导出给出每个位置的值</translation>
    </message>
    <message>
        <source>Depends only on i − j when the encoding is relative (Toeplitz: constant along diagonals)</source>
        <translation>编码为相对位置编码时，相似度只取决于 i − j（Toeplitz 矩阵：沿对角线为常数）</translation>
    </message>
    <message>
        <source>window = %1</source>
        <translation>窗口 = %1</translation>
    </message>
    <message>
        <source>The FFT peak is within one bin of the analytic frequency for %1 of the %2 channels whose wavelength fits twice in the window; longer wavelengths are not resolved: their peak is one of the two lowest bins (read as the window or half of it)</source>
        <translation>在波长能在窗口内放下两次的 %2 个通道中，有 %1 个通道的 FFT 峰值与解析频率相差不超过一个频点；更长的波长分辨不出：峰值落在最低的两个频点之一，测得的波长即窗口长度或其一半</translation>
    </message>
    <message>
        <source>each cell is the exact mean bias over its query x key block (masked future keys excluded)</source>
        <translation>每个格子是其查询 × 键区块上偏置的精确平均（不计被屏蔽的未来键）</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>the entropy view applies to none of the selected methods: %1</source>
        <translation>注意力熵视图不适用于所选的任何方法：%1</translation>
    </message>
    <message>
        <source>Shaded: the pairs %1 keeps (θ&apos; = θ), ramps, and interpolates (θ&apos; = θ/s) at s = %2, from its interpolation fraction log(θ/θ&apos;)/log s</source>
        <translation>阴影：%1 在 s = %2 时保持（θ&apos; = θ）、斜坡混合和插值（θ&apos; = θ/s）的维度对，由插值比例 log(θ/θ&apos;)/log s 得出</translation>
    </message>
    <message>
        <source>The bands are %1&apos;s; the other methods&apos; own bands differ</source>
        <translation>阴影频段属于 %1；其他方法各自的频段不同</translation>
    </message>
    <message>
        <source>L0 = %1 (the view option “L0 line”; %2 has no L0 of its own): pairs whose λ&apos; stays below L0 turn fully within the trained range</source>
        <translation>L0 = %1（视图选项“L0 线”；%2 本身没有 L0）：λ&apos; 低于 L0 的维度对在训练范围内转满一圈</translation>
    </message>
    <message>
        <source> (%1: s = %2, L0 = %3)</source>
        <translation>（%1：s = %2，L0 = %3）</translation>
    </message>
    <message>
        <source> (%1: s = %2)</source>
        <translation>（%1：s = %2）</translation>
    </message>
    <message>
        <source>interpolation = log(θᵢ/θ&apos;ᵢ)/log(s); hf_ramp (Hugging Face&apos;s linear_ramp_factor) = 1 − gamma_paper</source>
        <translation>插值比例（interpolation）= log(θᵢ/θ&apos;ᵢ)/log(s)；hf_ramp（Hugging Face 的 linear_ramp_factor）= 1 − 斜坡 γ（gamma_paper）</translation>
    </message>
    <message>
        <source>%1: no gamma_paper (only the interpolation fraction)</source>
        <translation>%1：没有斜坡 γ（gamma_paper），只有插值比例</translation>
    </message>
    <message>
        <source>score qᵀR_Δk for q = k = 1</source>
        <translation>q = k = 1 时的分数 qᵀR_Δk</translation>
    </message>
    <message>
        <source>head %1: m = %2</source>
        <translation>头 %1：m = %2</translation>
    </message>
    <message>
        <source>Relative-position bucket against relative distance</source>
        <translation>相对位置桶编号随相对距离的变化</translation>
    </message>
    <message>
        <source>Attention bias against relative distance</source>
        <translation>注意力偏置随相对距离的变化</translation>
    </message>
    <message>
        <source>Attention factor left out: %1 drawn as the bare rotation (the view option “Attention factor” is off)</source>
        <translation>不含注意力因子：%1 按纯旋转绘制（视图选项“注意力因子”已关闭）</translation>
    </message>
    <message>
        <source>Attention factor left out (temperature “%1”): %2 drawn without it</source>
        <translation>不含注意力因子（温度选“%1”）：%2 绘制时不乘该因子</translation>
    </message>
    <message>
        <source>i = %1: θ&apos; = %2
(m − n)θ&apos; ≡ %3°</source>
        <translation>i = %1：θ&apos; = %2
(m − n)θ&apos; ≡ %3°</translation>
    </message>
    <message>
        <source>Pair i of the query is turned by m·θ&apos;ᵢ (solid hand), of the key by n·θ&apos;ᵢ (dashed); their score depends only on the angle between them, (m − n)θ&apos;ᵢ (the arc), so moving both positions together changes nothing</source>
        <translation>查询的维度对 i 旋转 m·θ&apos;ᵢ（实线指针），键的维度对 i 旋转 n·θ&apos;ᵢ（虚线指针）；分数只取决于两者之间的夹角 (m − n)θ&apos;ᵢ（圆弧），因此两个位置一起移动时分数不变</translation>
    </message>
    <message>
        <source>keep</source>
        <translation>保持</translation>
    </message>
    <message>
        <source>interpolate</source>
        <translation>插值</translation>
    </message>
    <message>
        <source>%1: attention factor a = %2 (rotated logits × a² = %3), softmax scale multiplier %4, effective base %5</source>
        <translation>%1：注意力因子 a = %2（旋转通道的 logits × a² = %3），softmax 缩放乘数 %4，等效基数 %5</translation>
    </message>
    <message>
        <source>, effective context s·L0 = %1</source>
        <translation>，等效上下文 s·L0 = %1</translation>
    </message>
    <message>
        <source>Per-pair values</source>
        <translation>逐维度对的数值</translation>
    </message>
    <message>
        <source>method</source>
        <translation>方法</translation>
    </message>
    <message>
        <source>channels</source>
        <translation>通道</translation>
    </message>
    <message>
        <source>gamma_paper γ (1 = keep)</source>
        <translation>斜坡 γ（gamma_paper，1 = 保持）</translation>
    </message>
    <message>
        <source>hf_ramp (0 = keep)</source>
        <translation>hf_ramp（0 = 保持）</translation>
    </message>
    <message>
        <source>interpolation</source>
        <translation>插值比例（interpolation）</translation>
    </message>
    <message>
        <source>band</source>
        <translation>频段</translation>
    </message>
    <message>
        <source>Not rotary (no pairs): %1</source>
        <translation>非旋转类方法（没有维度对）：%1</translation>
    </message>
    <message>
        <source>rotary frequencies</source>
        <translation>旋转频率</translation>
    </message>
    <message>
        <source>%1: neighbours collide from m = %2</source>
        <translation>%1：从 m = %2 起相邻位置无法区分</translation>
    </message>
    <message>
        <source>%1 from m = %2 (pair %3)</source>
        <translation>%1 从 m = %2 起（维度对 %3）</translation>
    </message>
    <message>
        <source>No two neighbouring positions up to %1 become indistinguishable</source>
        <translation>位置 %1 以内没有任何两个相邻位置变得无法区分</translation>
    </message>
    <message>
        <source>Neighbouring positions become indistinguishable: %1</source>
        <translation>相邻位置变得无法区分：%1</translation>
    </message>
    <message>
        <source>no bucket values: its bias is the bucket index, not logits; give the learned bias per bucket to see its entropy</source>
        <translation>没有桶偏置值：其偏置是桶编号，而不是以 logit 为单位的值；给出每个桶学到的偏置即可看到其注意力熵</translation>
    </message>
    <message>
        <source>a learned position table: its dot products depend on both positions, not only on their distance, so no score model applies; the Decay view shows its mean cosine</source>
        <translation>可学习位置表：其点积取决于两个位置本身，而不只取决于它们的距离，因此没有可用的分数模型；远程衰减视图显示其平均余弦</translation>
    </message>
    <message>
        <source>%1 — position vectors (%2 view) on their first %3 principal components, coloured by position</source>
        <translation>%1 — 位置向量（矩阵视图“%2”）在前 %3 个主成分上的投影，按位置着色</translation>
    </message>
    <message>
        <source>the frequencies θ</source>
        <translation>频率 θ</translation>
    </message>
    <message>
        <source>the products m θ</source>
        <translation>乘积 m θ</translation>
    </message>
    <message>
        <source>positions, θ and m θ</source>
        <translation>位置、θ 与 m θ</translation>
    </message>
    <message>
        <source>the positions m</source>
        <translation>位置 m</translation>
    </message>
    <message>
        <source>%1: error of (cos, sin) with %2 held in low precision</source>
        <translation>%1：%2 以低精度保存时 (cos, sin) 的误差</translation>
    </message>
    <message>
        <source>a rotary method with an Engine choice</source>
        <translation>带“引擎”选项的旋转类方法</translation>
    </message>
    <message>
        <source>%1 as each engine computes it, against HF (%2 arithmetic)</source>
        <translation>%1：各引擎的计算与 HF 对比（运算方式为“%2”）</translation>
    </message>
    <message>
        <source>inv_freq against HF</source>
        <translation>inv_freq 与 HF 的相对差</translation>
    </message>
    <message>
        <source>cos/sin against HF, worst position per pair</source>
        <translation>cos/sin 与 HF 之差（每个维度对取最差位置）</translation>
    </message>
    <message>
        <source>max over m of |Δcos|, |Δsin| at (m, i)</source>
        <translation>(m, i) 处 |Δcos|、|Δsin| 对 m 的最大值</translation>
    </message>
    <message>
        <source>%1 (a = %2)</source>
        <translation>%1（a = %2）</translation>
    </message>
    <message>
        <source>HF, the reference (a = %1)</source>
        <translation>HF（参考，a = %1）</translation>
    </message>
    <message>
        <source>HF %1</source>
        <translation>HF %1</translation>
    </message>
    <message>
        <source>%1 %2 (× %3 of HF&apos;s)</source>
        <translation>%1 %2（为 HF 的 %3 倍）</translation>
    </message>
    <message>
        <source>%1 agrees with HF exactly (inv_freq, attention factor, cos/sin at every compared position)</source>
        <translation>%1 与 HF 完全一致（inv_freq、注意力因子以及每个比较位置上的 cos/sin）</translation>
    </message>
    <message>
        <source>Every engine builds %1 with the same parameters (%2 arithmetic); cos and sin include its attention factor a. Compared at %3 positions m: 2049 evenly spaced over 0 … %4 and the powers of two</source>
        <translation>每个引擎都以相同参数构建 %1（运算方式为“%2”）；cos 与 sin 含该引擎的注意力因子 a。共比较 %3 个位置 m：0 … %4 之间均匀分布的 2049 个位置以及 2 的各次幂</translation>
    </message>
    <message>
        <source>Attention factor a: %1</source>
        <translation>注意力因子 a：%1</translation>
    </message>
    <message>
        <source>Right: pairs where an engine equals HF at every compared position are left out (logarithmic axis)</source>
        <translation>右图：某引擎在每个比较位置都与 HF 相同的维度对不画出（对数坐标）</translation>
    </message>
    <message>
        <source>Cannot express it: %1</source>
        <translation>无法表达该方法的引擎：%1</translation>
    </message>
    <message>
        <source>Revisions: %1</source>
        <translation>版本：%1</translation>
    </message>
    <message>
        <source>on cos/sin</source>
        <translation>乘在 cos/sin 上</translation>
    </message>
    <message>
        <source>on the query</source>
        <translation>乘在查询上</translation>
    </message>
    <message>
        <source>on the logits</source>
        <translation>乘在 logits 上</translation>
    </message>
    <message>
        <source>s = %1 from %2</source>
        <translation>s = %1，取自 %2</translation>
    </message>
    <message>
        <source>L0 = %1 from %2</source>
        <translation>L0 = %1，取自 %2</translation>
    </message>
    <message>
        <source>Attention scaling: the factor on the logits against context length</source>
        <translation>注意力缩放：logits 上的因子随上下文长度的变化</translation>
    </message>
    <message>
        <source>Attention scaling: each rule&apos;s value against context length</source>
        <translation>注意力缩放：各规则的值随上下文长度的变化</translation>
    </message>
    <message>
        <source>context length n (tokens)
per-position rules: the query at position n − 1</source>
        <translation>上下文长度 n（词元）
逐位置的规则：取位置 n − 1 处的查询</translation>
    </message>
    <message>
        <source>factor on the logits</source>
        <translation>logits 上的因子</translation>
    </message>
    <message>
        <source>value v(n) of the rule</source>
        <translation>规则的值 v(n)</translation>
    </message>
    <message>
        <source>no rule can be drawn with these values: %1</source>
        <translation>这些数值下没有可画的规则：%1</translation>
    </message>
    <message>
        <source>1 (no scaling)</source>
        <translation>1（不缩放）</translation>
    </message>
    <message>
        <source>L0 = %1</source>
        <translation>L0 = %1</translation>
    </message>
    <message>
        <source>Taken from the primary method: %1</source>
        <translation>取自主方法：%1</translation>
    </message>
    <message>
        <source>A factor on cos/sin enters the logits squared (q and k are both rotated); a query or logit factor once</source>
        <translation>cos/sin 上的因子以平方进入 logits（q 和 k 都被旋转）；查询或 logits 上的因子只进入一次</translation>
    </message>
    <message>
        <source>Formulas: %1</source>
        <translation>公式：%1</translation>
    </message>
    <message>
        <source>Sources: %1</source>
        <translation>出处：%1</translation>
    </message>
    <message>
        <source>No per-layer config is loaded</source>
        <translation>未载入逐层配置</translation>
    </message>
    <message>
        <source>the loaded config of %1 gives no layer count (num_hidden_layers)</source>
        <translation>已载入的 %1 配置中没有给出层数（num_hidden_layers）</translation>
    </message>
    <message>
        <source>%1: %2 decoder layers, the keys the last query attends to</source>
        <translation>%1：%2 个解码层，最后一个查询能注意到的键</translation>
    </message>
    <message>
        <source>key position (context n = %1)</source>
        <translation>键的位置（上下文 n = %1）</translation>
    </message>
    <message>
        <source>layer</source>
        <translation>层</translation>
    </message>
    <message>
        <source>NoPE, %1: layers %2</source>
        <translation>NoPE，%1：层 %2</translation>
    </message>
    <message>
        <source>Each bar: the keys the query at position n − 1 attends to in that layer — full attention all n, a sliding window its last W, a chunked layer (Llama 4) the start of its chunk onwards; drawn to scale. Grey dashed: NoPE layers (no rotation)</source>
        <translation>每根横条：位置 n − 1 的查询在该层能注意到的键——全局注意力是全部 n 个，滑动窗口是最近 W 个，分块层（Llama 4）从所在块的起点开始；按比例画出。灰色虚线：NoPE 层（不旋转）</translation>
    </message>
    <message>
        <source>NoPE layers scale the query by log1p(⌊(pos + 1)/%1⌋)·%2 + 1 (the Scaling view&apos;s llama4-nope rule)</source>
        <translation>NoPE 层把查询乘以 log1p(⌊(pos + 1)/%1⌋)·%2 + 1（注意力缩放视图的 llama4-nope 规则）</translation>
    </message>
    <message>
        <source>A sliding or chunked layer&apos;s bounds are at its window, not at the context. Click a layer to make its encoding the primary method</source>
        <translation>滑动窗口层或分块层的界限按其窗口长度计算，而不是按上下文长度。点击某一层，它的编码就成为主方法</translation>
    </message>
    <message>
        <source>text</source>
        <translation>文本</translation>
    </message>
    <message>
        <source>image</source>
        <translation>图像</translation>
    </message>
    <message>
        <source>video</source>
        <translation>视频</translation>
    </message>
    <message>
        <source>%1: (t, h, w) position ids of %2 tokens</source>
        <translation>%1：%2 个词元的 (t, h, w) 位置编号</translation>
    </message>
    <message>
        <source>t (temporal)</source>
        <translation>t（时间）</translation>
    </message>
    <message>
        <source>h (height)</source>
        <translation>h（高度）</translation>
    </message>
    <message>
        <source>w (width)</source>
        <translation>w（宽度）</translation>
    </message>
    <message>
        <source>token</source>
        <translation>词元</translation>
    </message>
    <message>
        <source>position id</source>
        <translation>位置编号</translation>
    </message>
    <message>
        <source>No token layout: every token is text and all three ids are its index (M-RoPE is then RoPE); set the method&apos;s token layout, e.g. text:4,image:8x8,text:4</source>
        <translation>没有词元布局：所有词元都是文本，三个编号都等于词元序号（此时 M-RoPE 就是 RoPE）；请指定方法的词元布局，例如 text:4,image:8x8,text:4</translation>
    </message>
    <message>
        <source>Token layout %1 (rule %2, spatial merge %3); the next text token gets id %4; HF&apos;s rope delta %5</source>
        <translation>词元布局 %1（规则 %2，空间合并 %3）；下一个文本词元的编号为 %4；HF 的 rope_deltas 为 %5</translation>
    </message>
    <message>
        <source>No M-RoPE method is selected</source>
        <translation>未选择 M-RoPE 方法</translation>
    </message>
    <message>
        <source>The positions view draws the (t, h, w) ids of an M-RoPE method&apos;s token layout: compare mrope or mrope-interleaved, e.g. the presets Qwen2.5-VL-7B or Qwen3-VL-8B</source>
        <translation>“位置”视图画出 M-RoPE 方法的词元布局中的 (t, h, w) 编号：请勾选“M-RoPE（多模态 RoPE）”或“交错 M-RoPE”参与对比，或从“预设”菜单选择 Qwen2.5-VL-7B 或 Qwen3-VL-8B</translation>
    </message>
    <message>
        <source>uniform over the keys seen, ln k(n)</source>
        <translation>在所见键上均匀分布，ln k(n)</translation>
    </message>
    <message>
        <source>Equal at every n with these values, drawn on top of each other (the later ones dashed): %1</source>
        <translation>在这些取值下对每个 n 都相等，曲线彼此重合（后面的画成虚线）：%1</translation>
    </message>
    <message>
        <source>%1 attention needs a window W: set Window (the layer&apos;s %2), or load a config with %1 layers</source>
        <translation>%1注意力需要窗口 W：请指定“窗口”（该层的 %2），或载入含%1层的配置</translation>
    </message>
    <message>
        <source>Window %1 from the loaded config (%2): the widest of its %3 layers</source>
        <translation>窗口 %1 取自已载入的配置（%2）：其%3层中最宽的窗口</translation>
    </message>
    <message>
        <source>%1 is the encoding of the loaded config&apos;s %2 layers, not of its %3 ones: click a %3 layer in the Layers view to draw theirs</source>
        <translation>%1 是已载入配置中%2层的编码，而不是其%3层的编码：在“各层”视图中点击一个%3层即可画出它们的曲线</translation>
    </message>
    <message>
        <source>Full attention drawn; the loaded config&apos;s layers with %1 use %2 (choose Attention “%3”)</source>
        <translation>图中为全局注意力；已载入配置中使用 %1 的层采用%2（请把“注意力”选为“%3”）</translation>
    </message>
    <message>
        <source>Attention: %1, wider than the distances drawn (Δ ≤ %2): a query at a late enough position attends to every drawn Δ</source>
        <translation>注意力：%1，比图中的距离（Δ ≤ %2）更宽：位置足够靠后的查询能注意到图中的每个 Δ</translation>
    </message>
    <message>
        <source>masked: Δ ≥ %1 (outside the window)</source>
        <translation>被屏蔽：Δ ≥ %1（在窗口之外）</translation>
    </message>
    <message>
        <source>masked: Δ ≥ %1 (before the query&apos;s chunk)</source>
        <translation>被屏蔽：Δ ≥ %1（在查询所在块之前）</translation>
    </message>
    <message>
        <source>Attention: %1: a query sees the keys at Δ = 0…%2; the scores at Δ ≥ %3 (shaded) never enter its softmax, whatever the curve would do there</source>
        <translation>注意力：%1：查询只看到 Δ = 0…%2 的键；Δ ≥ %3（阴影）处的分数不论曲线在那里如何，都不会进入它的 softmax</translation>
    </message>
    <message>
        <source>Attention: %1: a query at position q sees Δ = 0…(q mod %2), at most Δ = %3 at the last position of a chunk and only Δ = 0 at its first; Δ ≥ %2 (shaded) never enters a softmax</source>
        <translation>注意力：%1：位置 q 的查询看到 Δ = 0…(q mod %2)，在块的最后一个位置最多到 Δ = %3，在块的第一个位置只有 Δ = 0；Δ ≥ %2（阴影）从不进入 softmax</translation>
    </message>
    <message>
        <source>Chunks of %1: %2 chunks are more than the screen shows; beyond the first chunk only the chunk ends n = k·%1 (%1 keys) are drawn, and within every chunk H(n) falls to 0 at its first token and climbs again</source>
        <translation>块大小 %1：%2 个块超出了屏幕能显示的数量；第一个块之后只画出块末 n = k·%1（%1 个键），而在每个块内 H(n) 都在其第一个词元处降到 0，然后重新上升</translation>
    </message>
    <message>
        <source>dashed: interpolation</source>
        <translation>虚线：插值比例</translation>
    </message>
    <message>
        <source>Interpolation per pair: ramp γ = 1 keeps θᵢ, interpolation 1 = θᵢ/s</source>
        <translation>逐维度对的插值：斜坡 γ = 1 表示保持 θᵢ，插值比例（interpolation）= 1 表示 θᵢ/s</translation>
    </message>
    <message>
        <source>Context bounds at L = %1 tokens and training length T = %2: every column at these two</source>
        <translation>L = %1 个词元、训练长度 T = %2 时的上下文界限：每一列都在这两个长度上计算</translation>
    </message>
    <message>
        <source>none (T &lt; 2π)</source>
        <translation>无（T &lt; 2π）</translation>
    </message>
    <message>
        <source>: effective base</source>
        <translation>：等效基数</translation>
    </message>
    <message>
        <source>critical pair %1</source>
        <translation>临界维度对 %1</translation>
    </message>
    <message>
        <source>λ &gt; T (unscaled)</source>
        <translation>未缩放时 λ &gt; T</translation>
    </message>
    <message>
        <source>training length T = %1</source>
        <translation>训练长度 T = %1</translation>
    </message>
    <message>
        <source>L = %1 (%2), T = %3 (%4); every method is evaluated at these</source>
        <translation>L = %1（%2），T = %3（%4）；所有方法都在这两个长度上评估</translation>
    </message>
    <message>
        <source>largest error of (cos, sin) over the pairs</source>
        <translation>各维度对上 (cos, sin) 的最大误差</translation>
    </message>
    <message>
        <source>%1: exact at every position up to %2 (no error to draw)</source>
        <translation>%1：位置 %2 以内的每个位置都精确（没有误差可画）</translation>
    </message>
    <message>
        <source>YaRN mscale</source>
        <translation>YaRN mscale</translation>
    </message>
    <message>
        <source>YaRN mscale²</source>
        <translation>YaRN mscale²</translation>
    </message>
    <message>
        <source>DeepSeek softmax scale</source>
        <translation>DeepSeek softmax 缩放</translation>
    </message>
    <message>
        <source>LongRoPE scale</source>
        <translation>LongRoPE 缩放</translation>
    </message>
    <message>
        <source>Llama 4 NoPE temperature</source>
        <translation>Llama 4 NoPE 温度</translation>
    </message>
    <message>
        <source>Qwen log-n</source>
        <translation>Qwen log-n</translation>
    </message>
    <message>
        <source>Su&apos;s log₅₁₂ n</source>
        <translation>苏剑林的 log₅₁₂ n</translation>
    </message>
    <message>
        <source>log₂ length rule</source>
        <translation>log₂ 长度规则</translation>
    </message>
    <message>
        <source>Mistral query temperature (llama_4_scaling_beta)</source>
        <translation>Mistral 随位置变化的查询温度</translation>
    </message>
    <message>
        <source>frame %1 is outside the grid&apos;s %2 latent frames (0…%3)</source>
        <translation>帧 %1 超出网格的 %2 个潜空间帧（帧 0…%3）</translation>
    </message>
    <message>
        <source>column id (w)</source>
        <translation>列编号（w）</translation>
    </message>
    <message>
        <source>row id (h)</source>
        <translation>行编号（h）</translation>
    </message>
    <message>
        <source>FLUX.1 ids: image token (0, r, c), text tokens (0, 0, 0); the first axis never turns on the image</source>
        <translation>FLUX.1 的编号：图像词元 (0, r, c)，文本词元 (0, 0, 0)；第一个轴在图像上从不旋转</translation>
    </message>
    <message>
        <source>FLUX.2 ids: image token (0, r, c, 0), text token i (0, 0, 0, i)</source>
        <translation>FLUX.2 的编号：图像词元 (0, r, c, 0)，文本词元 i 为 (0, 0, 0, i)</translation>
    </message>
    <message>
        <source>Qwen-Image ids are centred: image token (0, r − ⌈H/2⌉, c − ⌈W/2⌉); text token i gets max(⌊H/2⌋, ⌊W/2⌋) + i on every axis</source>
        <translation>Qwen-Image 的编号居中：图像词元 (0, r − ⌈H/2⌉, c − ⌈W/2⌉)；文本词元 i 在每个轴上都是 max(⌊H/2⌋, ⌊W/2⌋) + i</translation>
    </message>
    <message>
        <source>Video ids: token (t, r, c) of latent frame t; text is not rotated</source>
        <translation>视频的编号：潜空间帧 t 中的词元为 (t, r, c)；文本不旋转</translation>
    </message>
    <message>
        <source>%1 is an image model: its grid has one frame (frames 1), not %2</source>
        <translation>%1 是图像模型：它的网格只有一帧（帧数 1），不是 %2</translation>
    </message>
    <message>
        <source>Per-axis scaling: PI t, h, w = %1, %2, %3; NTK t, h, w = %4, %5, %6 (%7 rule)</source>
        <translation>逐轴缩放：PI t、h、w = %1、%2、%3；NTK t、h、w = %4、%5、%6（%7 规则）</translation>
    </message>
    <message>
        <source>Lumina-Next: θ·s</source>
        <translation>Lumina-Next：θ·s</translation>
    </message>
    <message>
        <source>Cosmos: θ·s^(d/(d−2))</source>
        <translation>Cosmos：θ·s^(d/(d−2))</translation>
    </message>
    <message>
        <source>RIFLEx for %1 latent frames: temporal component k = %2 (counted from 1: pair %4 of the t axis; N_k = %3 frames) set to 0.9·2π/%1</source>
        <translation>RIFLEx（%1 个潜空间帧）：时间分量 k = %2（从 1 计，即 t 轴的维度对 %4；N_k = %3 帧）的频率设为 0.9·2π/%1</translation>
    </message>
    <message>
        <source>RIFLEx for %1 latent frames: not applied, %1 ≤ N_k = %2 of component k = %3 (counted from 1; the authors&apos; scripts change nothing then)</source>
        <translation>RIFLEx（%1 个潜空间帧）：未应用，%1 ≤ 分量 k = %3（从 1 计）的 N_k = %2（此时作者的脚本不作任何改变）</translation>
    </message>
    <message>
        <source>%1 has no axis %2; its axes are %3</source>
        <translation>%1 没有 %2 轴；它的轴为 %3</translation>
    </message>
    <message>
        <source>angle of %1 pair %2</source>
        <translation>%1 轴维度对 %2 的角度</translation>
    </message>
    <message>
        <source>angle mod 2π (rad)</source>
        <translation>角度模 2π（弧度）</translation>
    </message>
    <message>
        <source>%1: rotation angle of axis %2, pair %3 (λ = %4 tokens) on a %5×%6 grid</source>
        <translation>%1：%2 轴维度对 %3 的旋转角（λ = %4 个词元），%5×%6 网格</translation>
    </message>
    <message>
        <source>channel → axis</source>
        <translation>通道 → 轴</translation>
    </message>
    <message>
        <source>axis</source>
        <translation>轴</translation>
    </message>
    <message>
        <source>channel</source>
        <translation>通道</translation>
    </message>
    <message>
        <source>axis index</source>
        <translation>轴序号</translation>
    </message>
    <message>
        <source>query token (row %1, column %2) is outside the %3×%4 grid</source>
        <translation>查询词元（行 %1，列 %2）超出 %3×%4 网格</translation>
    </message>
    <message>
        <source>Σ cos(Δ angle) over %1 pairs</source>
        <translation>%1 个维度对上的 Σ cos(Δ 角度)</translation>
    </message>
    <message>
        <source>%1: similarity of token (t 0, h %2, w %3) to every token of frame %4 (%5×%6)</source>
        <translation>%1：词元 (t 0, h %2, w %3) 与帧 %4 中每个词元的相似度（%5×%6）</translation>
    </message>
    <message>
        <source>Score Σ_j cos(θ_j·(id_query − id_key)) over every rotary pair (the product of q = k = unit pairs): %1 at the query itself; it depends only on the id differences, so the picture is the 2-D (3-D) decay of the axial encoding</source>
        <translation>分数为所有维度对上的 Σ_j cos(θ_j·(id_query − id_key))（即 q = k 且每个维度对都是单位向量时的内积）：在查询自身处为 %1；它只取决于编号之差，所以这张图就是轴向编码的二维（三维）衰减</translation>
    </message>
    <message>
        <source>%1: wavelength of every pair per axis, reference grid %2×%3×%4 → target %5×%6×%7</source>
        <translation>%1：每个轴上每个维度对的波长，参考网格 %2×%3×%4 → 目标 %5×%6×%7</translation>
    </message>
    <message>
        <source>axis %1 (%2 channels)</source>
        <translation>%1 轴（%2 个通道）</translation>
    </message>
    <message>
        <source>pair i of the axis</source>
        <translation>该轴的维度对 i</translation>
    </message>
    <message>
        <source>as trained</source>
        <translation>训练时</translation>
    </message>
    <message>
        <source>new angles</source>
        <translation>新角度</translation>
    </message>
    <message>
        <source>reference %1</source>
        <translation>参考 %1</translation>
    </message>
    <message>
        <source>target %1</source>
        <translation>目标 %1</translation>
    </message>
    <message>
        <source>%1: %2 pairs</source>
        <translation>%1：%2 个维度对</translation>
    </message>
    <message>
        <source>Shaded pairs: %1</source>
        <translation>带阴影的维度对：%1</translation>
    </message>
    <message>
        <source>Reference grid: the pipeline&apos;s default size %1</source>
        <translation>参考网格：流水线的默认尺寸 %1</translation>
    </message>
    <message>
        <source>Score model all-ones (q = k = 1)</source>
        <translation>分数模型“全 1 向量（all-ones）”（q = k = 1）</translation>
    </message>
    <message>
        <source>Score model expected-similar, σ² = %1</source>
        <translation>分数模型“期望相似（expected-similar）”，σ² = %1</translation>
    </message>
    <message>
        <source>The formula and source of a rule: choose that rule under Rules</source>
        <translation>某条规则的公式和出处：在“规则”中单独选择该规则</translation>
    </message>
    <message>
        <source>No pair is shaded: the target grid is not larger than the reference grid on any axis (set H, W or Frames)</source>
        <translation>没有任何维度对标出阴影：目标网格在每个轴上都不大于参考网格（请指定 H、W 或帧数）</translation>
    </message>
    <message>
        <source>%1 with base b = %2, head_dim %3, unscaled</source>
        <translation>%1（基数 b = %2，head_dim %3，不缩放）</translation>
    </message>
    <message>
        <source>Attention entropy against context length, minus RoPE&apos;s</source>
        <translation>注意力熵随上下文长度的变化（减去 RoPE 的注意力熵）</translation>
    </message>
    <message>
        <source>Each curve is H(n) − H(RoPE, n), its entropy minus that of %1 at the same n, same score model and temperature (Show: entropy draws H itself): above 0 attention is more spread out than RoPE&apos;s, below 0 sharper</source>
        <translation>每条曲线为 H(n) − H(RoPE, n)，即该方法的注意力熵减去同一 n 处 %1 的注意力熵，分数模型与温度相同（“显示”选“注意力熵 H(n)（entropy）”时画 H 本身）：高于 0 表示注意力比 RoPE 更分散，低于 0 表示更集中</translation>
    </message>
    <message>
        <source>%1 − H(RoPE, n)</source>
        <translation>%1 − H(RoPE, n)</translation>
    </message>
    <message>
        <source>%1 = 0</source>
        <comment>entropy minus RoPE&apos;s: the reference line</comment>
        <translation>%1 = 0</translation>
    </message>
    <message>
        <source>H(n) − H(RoPE, n) (nats)</source>
        <translation>H(n) − H(RoPE, n)（奈特）</translation>
    </message>
    <message>
        <source>column (token index; the ids are not integers)</source>
        <translation>列（词元序号；编号不是整数）</translation>
    </message>
    <message>
        <source>row (token index)</source>
        <translation>行（词元序号）</translation>
    </message>
    <message>
        <source>LTX-Video ids are fractions of its training extent: (t·8/25/20, r·32/2048, c·32/2048); angle = inv_freq·(2·id − 1) over the whole inner dim (heads × head_dim), pairs ordered (k, axis); text is not rotated</source>
        <translation>LTX-Video 的编号是相对其训练范围的比例：(t·8/25/20, r·32/2048, c·32/2048)；角度 = inv_freq·(2·id − 1)，覆盖整个内部维度（头数 × head_dim），维度对按（k，轴）排列；文本不旋转</translation>
    </message>
    <message>
        <source>CogVideoX ids: (t, r, c) on its training grid sample_height/2 × sample_width/2; CogVideoX 1.0 spreads another grid over that one (linspace, fractional ids), 1.5 slices it</source>
        <translation>CogVideoX 编号：训练网格 sample_height/2 × sample_width/2 上的 (t, r, c)；CogVideoX 1.0 把另一张网格铺到这张网格上（linspace，编号为小数），1.5 则从中截取</translation>
    </message>
    <message>
        <source>Qwen2.5-VL vision tower ids: patch (r, c); h takes the first half of the pairs, w the second, both with the same frequencies 10000^(−4i/C); pair j rotates channels j and j + C/2</source>
        <translation>Qwen2.5-VL 视觉编码器编号：图块 (r, c)；h 占前一半维度对，w 占后一半，两轴使用同一组频率 10000^(−4i/C)；维度对 j 旋转通道 j 和 j + C/2</translation>
    </message>
    <message>
        <source>Pixtral vision ids: patch (r, c), at most image_size/patch_size per side; h takes the even frequencies of θ^(−2i/head_dim), w the odd</source>
        <translation>Pixtral 视觉编号：图块 (r, c)，每边至多 image_size/patch_size 个；h 取 θ^(−2i/head_dim) 的偶数项频率，w 取奇数项</translation>
    </message>
    <message>
        <source>Llama 4 vision ids: patch (c + 1, r + 1), column first, on the fixed image_size/patch_size grid only; the CLS token (not drawn) has angle 0</source>
        <translation>Llama 4 视觉编号：图块 (c + 1, r + 1)，列在前，只用固定的 image_size/patch_size 网格；CLS 词元（未画出）的角度为 0</translation>
    </message>
    <message>
        <source>pair j rotates channels j and j + C/2 (rotate_half, as transformers&apos; vision towers)</source>
        <translation>维度对 j 旋转通道 j 和 j + C/2（rotate_half，与 transformers 的视觉编码器相同）</translation>
    </message>
    <message>
        <source>%1 unrotated channels first, then pair j in the next channels 2j and 2j + 1; pairs ordered (k, axis), the axis fastest</source>
        <translation>先是 %1 个不旋转的通道，之后维度对 j 占其后的通道 2j 和 2j + 1；维度对按（k，轴）排列，轴变化最快</translation>
    </message>
    <message>
        <source>%1: %2 channels</source>
        <translation>%1：%2 个通道</translation>
    </message>
    <message>
        <source>%1, θ %2, axes in the model&apos;s pair order (%3); %4</source>
        <translation>%1，θ %2，各轴按模型的维度对顺序排列（%3）；%4</translation>
    </message>
    <message>
        <source>Token order: Qwen2.5-VL&apos;s tower does not see these patches row by row. It lists them in %1×%1 merge blocks and reorders the blocks into attention windows of %2×%2 blocks (%3×%3 patches, window_size %4 px; this grid: %5 windows); its rotary table follows that order. Layers %6 attend over the whole image, the other %7 only inside their window. Drawn here by each patch&apos;s (row, column) id; posenc compute positions --tower vision lists the model&apos;s order (--order window, the default)</source>
        <translation>词元顺序：Qwen2.5-VL 的视觉编码器并不逐行读取这些图块。它先按 %1×%1 的合并块排列，再把合并块重排进由 %2×%2 个合并块组成的注意力窗口（%3×%3 个图块，window_size %4 像素；这张网格：%5 个窗口）；其旋转表也按这个顺序。层 %6（从 0 计）对整幅图像做注意力，其余 %7 层只在各自的窗口内。这里按每个图块的（行，列）编号绘制；posenc compute positions --tower vision 列出模型自己的顺序（--order window，默认）</translation>
    </message>
    <message>
        <source>Strip: each channel coloured by its axis (t blue, h orange, w green, l purple); the chosen pair&apos;s two channels (%1 and %2) in black; unrotated channels grey. Frame %3</source>
        <translation>条带：每个通道按其轴着色（t 蓝、h 橙、w 绿、l 紫）；所选维度对的两个通道（%1 和 %2）为黑色；不旋转的通道为灰色。显示帧 %3</translation>
    </message>
    <message>
        <source>With Show: dual-chunk, or a config with dual_chunk_attention_config loaded (the preset Qwen2.5-7B-Instruct-1M), it draws the distances of dual chunk attention</source>
        <translation>把“显示”设为“双块注意力（dual-chunk）”，或载入含 dual_chunk_attention_config 的配置（预设 Qwen2.5-7B-Instruct-1M），本视图就会画出双块注意力的距离</translation>
    </message>
    <message>
        <source>dual_chunk_attention_config of %1</source>
        <translation>%1 的 dual_chunk_attention_config</translation>
    </message>
    <message>
        <source>Qwen2.5-7B-Instruct-1M&apos;s dual_chunk_attention_config</source>
        <translation>Qwen2.5-7B-Instruct-1M 的 dual_chunk_attention_config</translation>
    </message>
    <message>
        <source>the view&apos;s options</source>
        <translation>视图的选项</translation>
    </message>
    <message>
        <source>relative distance</source>
        <translation>相对距离</translation>
    </message>
    <message>
        <source>intra</source>
        <translation>块内</translation>
    </message>
    <message>
        <source>successive</source>
        <translation>相邻块</translation>
    </message>
    <message>
        <source>inter</source>
        <translation>块间</translation>
    </message>
    <message>
        <source>the dual chunk matrix needs a length of at least 1, got %1</source>
        <translation>双块注意力矩阵的长度至少为 1，实际为 %1</translation>
    </message>
    <message>
        <source>Dual chunk attention (chunk_size %1, local_size %2, c = %3)</source>
        <translation>双块注意力（chunk_size %1，local_size %2，c = %3）</translation>
    </message>
    <message>
        <source>remapped (dual chunk)</source>
        <translation>重映射（双块注意力）</translation>
    </message>
    <message>
        <source>plain RoPE: q − k</source>
        <translation>普通 RoPE：q − k</translation>
    </message>
    <message>
        <source>%1 positions, values from %2. Largest remapped distance: %3 (never more than chunk_size %4); plain RoPE&apos;s q − k reaches %5</source>
        <translation>共 %1 个位置，取值来自 %2。最大重映射距离：%3（不超过 chunk_size %4）；普通 RoPE 的 q − k 可达 %5</translation>
    </message>
    <message>
        <source>Keys are rotated by k mod c; the query by q mod c against keys in its own chunk (intra), by min(q mod c + c, chunk_size) against the chunk before (successive), by min(2c − 1, chunk_size) against earlier chunks (inter)</source>
        <translation>键按 k mod c 旋转；对自己块中的键，查询按 q mod c 旋转（块内），对前一个块按 min(q mod c + c, chunk_size) 旋转（相邻块），对更早的块按 min(2c − 1, chunk_size) 旋转（块间）</translation>
    </message>
    <message>
        <source>Each cell shows the distance at the centre query and key of its block (%1 × %2 positions); the largest distance above is exact over every pair</source>
        <translation>每个格子对应一个 %1 × %2 个位置的区块，显示区块中心处查询与键的距离；前面给出的最大重映射距离是对所有位置对精确计算的</translation>
    </message>
    <message>
        <source>%1 chunk boundaries, too many to mark</source>
        <translation>共 %1 个块边界，太多，不逐一标出</translation>
    </message>
    <message>
        <source>vLLM&apos;s and SGLang&apos;s DualChunkRotaryEmbedding</source>
        <translation>vLLM 和 SGLang 的 DualChunkRotaryEmbedding</translation>
    </message>
    <message>
        <source>Black lines: the borders of Qwen2.5-VL&apos;s attention windows, %1×%1 patches each (window_size %2 px / patch_size %3 px; spatial_merge_size %4: %5×%5 merge blocks); windows at the right and bottom edge are cut by the grid</source>
        <translation>黑线：Qwen2.5-VL 注意力窗口的边界，每个窗口 %1×%1 个图块（window_size %2 像素 / patch_size %3 像素；spatial_merge_size %4：%5×%5 个合并块）；右边和下边的窗口被网格截断</translation>
    </message>
    <message>
        <source>official code (guyyariv/DyPE)</source>
        <translation>官方代码（guyyariv/DyPE）</translation>
    </message>
    <message>
        <source>ComfyUI-DyPE code</source>
        <translation>ComfyUI-DyPE 代码</translation>
    </message>
    <message>
        <source>NTK: θ·(s^(d/(d−2)))^(2t²)</source>
        <translation>NTK：θ·(s^(d/(d−2)))^(2t²)</translation>
    </message>
    <message>
        <source>NTK: θ·(s^(d/(d−2)))^k, k = %1·t^%2</source>
        <translation>NTK：θ·(s^(d/(d−2)))^k，k = %1·t^%2</translation>
    </message>
    <message>
        <source>YaRN with its ramp ends multiplied by κ = t²: β = (1.25κ, 0.75κ), γ = (16κ, 2κ); mscale 0.1·ln s + 1</source>
        <translation>YaRN，斜坡两端乘以 κ = t²：β = (1.25κ, 0.75κ)，γ = (16κ, 2κ)；mscale 0.1·ln s + 1</translation>
    </message>
    <message>
        <source>YaRN with its ramp ends raised to k = %1·t^%2: β = (1.25^k, 0.75^k), γ = (16^k, 2^k); mscale 1 + 0.1·ln s/√s</source>
        <translation>YaRN，斜坡两端取 k = %1·t^%2 次幂：β = (1.25^k, 0.75^k)，γ = (16^k, 2^k)；mscale 1 + 0.1·ln s/√s</translation>
    </message>
    <message>
        <source>DyPE is drawn for FLUX.1 only (both published codes patch FLUX.1&apos;s h and w axes; %1 is not FLUX.1): choose flux.1-dev or turn DyPE off</source>
        <translation>DyPE 只对 FLUX.1 绘制（两份已发布的代码都修改 FLUX.1 的 h 轴和 w 轴；%1 不是 FLUX.1）：请选择 flux.1-dev 或关闭 DyPE</translation>
    </message>
    <message>
        <source>DyPE sets the h and w frequencies itself: %1 must be 1 while DyPE is on (it is %2)</source>
        <translation>DyPE 自己指定 h 轴和 w 轴的频率：DyPE 开启时 %1 必须为 1（现为 %2）</translation>
    </message>
    <message>
        <source>NTK</source>
        <translation>NTK</translation>
    </message>
    <message>
        <source>YaRN</source>
        <translation>YaRN</translation>
    </message>
    <message>
        <source> · DyPE %1 %2 at t = %3</source>
        <translation> · DyPE %1 %2，t = %3</translation>
    </message>
    <message>
        <source>official</source>
        <translation>官方</translation>
    </message>
    <message>
        <source>ComfyUI</source>
        <translation>ComfyUI</translation>
    </message>
    <message>
        <source>scaled (PI / NTK / RIFLEx / DyPE)</source>
        <translation>缩放后（PI / NTK / RIFLEx / DyPE）</translation>
    </message>
    <message>
        <source>%1.</source>
        <comment>notes said as one sentence</comment>
        <translation>%1。</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <comment>a method&apos;s name, then what sets this instance apart (engine, parameters)</comment>
        <translation>%1（%2）</translation>
    </message>
    <message numerus="yes">
        <source> (%n layers in all)</source>
        <translation>
            <numerusform>（共 %n 层）</numerusform>
        </translation>
    </message>
    <message>
        <source>Not drawn (no per-pair frequencies): %1</source>
        <translation>未绘制（没有逐维度对的频率）：%1</translation>
    </message>
    <message>
        <source>float16 holds numbers only up to 65504: its curve ends at m = %1</source>
        <translation>float16 只能表示不超过 65504 的数值：其曲线止于 m = %1</translation>
    </message>
    <message>
        <source>%1 agrees with HF to float64 rounding (inv_freq relative %2, cos/sin %3): the plotted differences are round-off, the same values in practice</source>
        <translation>%1 与 HF 在 float64 舍入误差内一致（inv_freq 相对差 %2，cos/sin 差 %3）：图中的差异只是舍入误差，实际上是相同的值</translation>
    </message>
    <message>
        <source>An example: %1 (the view option “Family” is auto and no diffusers transformer config is open; the methods on the left are 1-D and have no token grid)</source>
        <translation>示例：%1（视图选项“模型族”为“自动（auto）”，且未打开 diffusers 配置；左侧的方法是一维的，没有词元网格）</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <comment>a band of pairs, then how many pairs it holds</comment>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>%1 (a² = %2)</source>
        <translation>%1（a² = %2）</translation>
    </message>
    <message>
        <source>%1 (×%2)</source>
        <translation>%1（×%2）</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <comment>a method&apos;s name, then the parameters that differ from the primary&apos;s</comment>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>ramp γ</source>
        <translation>斜坡 γ</translation>
    </message>
    <message>
        <source>axis %1</source>
        <translation>%1 轴</translation>
    </message>
    <message>
        <source>the chosen pair (axis %1, pair %2)</source>
        <translation>所选维度对（%1 轴维度对 %2）</translation>
    </message>
    <message>
        <source>not rotated</source>
        <translation>不旋转</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <comment>a compared method&apos;s name, then the id the Partner option takes</comment>
        <translation>“%1”（%2）</translation>
    </message>
    <message>
        <source>Partner “%1” is not a compared method: no method is compared</source>
        <translation>对照方法“%1”不是参与对比的方法：当前没有对比任何方法</translation>
    </message>
    <message>
        <source>Partner “%1” is not a compared method; the compared methods are %2</source>
        <translation>对照方法“%1”不是参与对比的方法；参与对比的方法：%2</translation>
    </message>
    <message>
        <source>M-RoPE: token m turns pair i by p·θᵢ, p the token&apos;s id on the pair&apos;s axis (t, h or w), not by m; token layout %1 (%2 tokens, then text continues; the Positions view draws the layout&apos;s ids)</source>
        <translation>M-RoPE：词元 m 的维度对 i 转过 p·θᵢ，p 是该词元在这个维度对所属轴（t、h 或 w）上的编号，而不是 m；词元布局 %1（共 %2 个词元，其后的词元按文本继续编号；“位置”视图画出布局中的编号）</translation>
    </message>
    <message>
        <source>%1: largest relative inv_freq difference %3 (pair %2), largest absolute cos/sin difference %6 (position %4, pair %5)</source>
        <translation>%1：inv_freq 的最大相对差为 %3（维度对 %2），cos/sin 的最大绝对差为 %6（位置 %4、维度对 %5）</translation>
    </message>
    <message>
        <source>An example: %1 (the view option “Family” is auto and no diffusers transformer config is open; the (t, h, w) ids of the M-RoPE on the left are drawn by the Positions view)</source>
        <translation>示例：%1（视图选项“模型族”为“自动（auto）”，且未打开 diffusers 配置；左侧 M-RoPE 的 (t, h, w) 编号由“位置”视图绘制）</translation>
    </message>
    <message>
        <source>solid: ramp γᵢ (the paper&apos;s convention, 1 = keep θᵢ) · dashed: interpolation (1 = θᵢ/s)</source>
        <translation>实线：斜坡 γᵢ（按论文的约定，1 = 保持 θᵢ）· 虚线：插值比例（interpolation，1 = θᵢ/s）</translation>
    </message>
    <message>
        <source>M-RoPE: this view rotates by the token index i, j (every token as text, t = h = w = index), not by the token layout %1; the Matrix view rotates image and video tokens by their (t, h, w) ids</source>
        <translation>M-RoPE：本视图按词元序号 i、j 旋转（把每个词元都当作文本，t = h = w = 序号），没有使用词元布局 %1；图像和视频词元按 (t, h, w) 编号旋转的结果见“编码矩阵”视图</translation>
    </message>
    <message>
        <source>token m</source>
        <translation>词元 m</translation>
    </message>
    <message>
        <source>tokens %1…%2</source>
        <translation>词元 %1…%2</translation>
    </message>
    <message>
        <source> (one column per token)</source>
        <translation>（每个词元一列）</translation>
    </message>
    <message>
        <source> (one column per ≈%1 tokens: point samples)</source>
        <translation>（每列约 %1 个词元：点采样）</translation>
    </message>
    <message>
        <source> (one column per ≈%1 tokens: exact mean)</source>
        <translation>（每列约 %1 个词元：精确平均）</translation>
    </message>
    <message>
        <source>%1 tokens per bin</source>
        <translation>每个区间最多 %1 个词元</translation>
    </message>
    <message>
        <source>each bin is the exact mean over its tokens (summed, up to %1)</source>
        <translation>每个区间的值是其中各词元的精确平均（逐项求和，%1）</translation>
    </message>
    <message>
        <source>point sampling: each bin shows the value at its first token only (1 of up to %1), so dimensions with wavelengths near or below the bin width alias</source>
        <translation>点采样：每个区间只显示其第一个词元的值（%1，只取其中 1 个），因此波长接近或小于区间宽度的维度会出现混叠</translation>
    </message>
    <message>
        <source>PCA of the first %1 tokens</source>
        <translation>前 %1 个词元的主成分分析</translation>
    </message>
    <message>
        <source>Dots drawn for one token in %1 (%2 of %3)</source>
        <translation>每 %1 个词元画一个点（共 %3 个词元，画出 %2 个）</translation>
    </message>
    <message>
        <source>%1: tokens 0…%2</source>
        <translation>%1：词元 0…%2</translation>
    </message>
    <message>
        <source>%1 — token vectors (%2 view) on their first %3 principal components, coloured by token</source>
        <translation>%1 — 词元向量（矩阵视图“%2”）在前 %3 个主成分上的投影，按词元着色</translation>
    </message>
    <message>
        <source>“%1” has no closed-form mean (an angle is a sawtooth, not a phasor sum): exact means are summed up to %2 tokens per bin; at %3 each bin shows the value at its first token, so dimensions with wavelengths near or below the bin width alias</source>
        <translation>“%1”没有闭式平均（旋转角是锯齿波，不能写成相量和）：每个区间不超过 %2 个词元时逐项求和，得到精确平均；现在%3，每个区间只显示其第一个词元的值，因此波长接近或小于区间宽度的维度会出现混叠</translation>
    </message>
    <message>
        <source>“%1” has no closed-form mean (an angle is a sawtooth, not a phasor sum): exact means are summed up to %2 positions per bin; at %3 each bin shows the value at its first position, so dimensions with wavelengths near or below the bin width alias</source>
        <translation>“%1”没有闭式平均（旋转角是锯齿波，不能写成相量和）：每个区间不超过 %2 个位置时逐项求和，得到精确平均；现在%3，每个区间只显示其第一个位置的值，因此波长接近或小于区间宽度的维度会出现混叠</translation>
    </message>
    <message>
        <source>“%1” of an M-RoPE with a token layout has no closed-form mean (its tokens turn by their (t, h, w) ids, not by m): exact means are summed up to %2 tokens per bin; at %3 each bin shows the value at its first token, so dimensions with wavelengths near or below the bin width alias</source>
        <translation>带词元布局的 M-RoPE 的“%1”没有闭式平均（它的词元按 (t, h, w) 编号旋转，而不是按 m）：每个区间不超过 %2 个词元时逐项求和，得到精确平均；现在%3，每个区间只显示其第一个词元的值，因此波长接近或小于区间宽度的维度会出现混叠</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <comment>a compared method&apos;s name, then how its bins were computed</comment>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>Attention factor included: the rotated channels of %1 enter every score multiplied by a² (the view option “Attention factor”)</source>
        <translation>包含注意力因子：%1 的旋转通道在每个分数中都乘以 a²（视图选项“注意力因子”）</translation>
    </message>
    <message>
        <source>Attention factor included (temperature “llama4-scaling-beta”): the logits of %1 are multiplied by a² on the rotated channels and by the softmax scale multiplier, and every query past L0 = %2 by 1 + β ln(1 + ⌊(n − 1)/L0⌋) with β = %3 (keys unscaled)</source>
        <translation>包含注意力因子（温度选“Mistral 随位置变化的查询温度（llama4-scaling-beta）”）：%1 的 logits 在旋转通道上乘以 a²，并整体乘以 softmax 缩放乘数，且 L0 = %2 之后的每个查询再乘以 1 + β ln(1 + ⌊(n − 1)/L0⌋)，β = %3（键不缩放）</translation>
    </message>
    <message>
        <source>%1: logits z(Δ) = 0, no position signal: uniform attention, H = ln of the number of keys</source>
        <translation>%1：logits z(Δ) = 0，没有位置信号：注意力均匀分布，H = ln（键的个数）</translation>
    </message>
    <message>
        <source>“%1” in the engine&apos;s own float32 arithmetic has no closed-form mean (each angle fl(m·θ) is rounded on its own, not a geometric series in m): exact means are summed up to %2 positions per bin; at %3 each bin shows the value at its first position, so dimensions with wavelengths near or below the bin width alias</source>
        <translation>按引擎自身的 float32 运算计算的“%1”没有闭式平均（每个角度 fl(m·θ) 各自舍入，不是 m 的等比级数）：每个区间不超过 %2 个位置时逐项求和，得到精确平均；现在%3，每个区间只显示其第一个位置的值，因此波长接近或小于区间宽度的维度会出现混叠</translation>
    </message>
    <message>
        <source> (one column per ≈%1 tokens)</source>
        <translation>（每列约 %1 个词元）</translation>
    </message>
    <message>
        <source> (one column per ≈%1 positions)</source>
        <translation>（每列约 %1 个位置）</translation>
    </message>
    <message>
        <source>Attention: %1, wider than the distances drawn (Δ ≤ %2): a query at least %2 positions into its chunk (q mod %3 ≥ %2) attends to every drawn Δ</source>
        <translation>注意力：%1，比图中的距离（Δ ≤ %2）更宽：在所在块内的偏移不小于 %2（q mod %3 ≥ %2）的查询能注意到图中的每个 Δ</translation>
    </message>
    <message>
        <source>%1 turns pair j by θ_j·(%2·id − %3), so its score is Σ_j cos(%2·θ_j·(id_query − id_key))</source>
        <translation>%1 的维度对 j 转过 θ_j·(%2·id − %3)，所以它的分数为 Σ_j cos(%2·θ_j·(id_query − id_key))</translation>
    </message>
    <message>
        <source>No pair is shaded: on the axes where the target grid is larger, no trained wavelength lies between the reference and the target extent</source>
        <translation>没有任何维度对标出阴影：在目标网格更大的轴上，没有哪个维度对的训练时波长落在参考范围与目标范围之间</translation>
    </message>
    <message>
        <source>point sampling: each cell shows the bias at the first query and the first key of its block (1 of up to %1 × %2 pairs)</source>
        <translation>点采样：每个格子只显示其区块中第一个查询位置与第一个键位置处的偏置（最多 %1 × %2 对中只取 1 对）</translation>
    </message>
    <message>
        <source>none (pairs of frequency 0 never turn)</source>
        <translation>无（频率为 0 的维度对从不旋转）</translation>
    </message>
    <message>
        <source>none (pairs of frequency 0)</source>
        <translation>无（有频率为 0 的维度对）</translation>
    </message>
    <message>
        <source>Base lower bound (Men et al. Eq. 11): the smallest base b with B_m(b) = Σᵢ cos(m·b^(−2i/d)) ≥ 0 for every integer m ≤ L, the exact infimum (the admissible bases are not an interval). b_eff = θ&apos;_last^(−d/(2(d/2−1))): the plain-RoPE base with the method&apos;s lowest frequency (none when pairs of frequency 0 never turn, as Proportional RoPE&apos;s); a point above the curve at L meets the bound</source>
        <translation>基数下界（Men 等，式 11）：对每个整数 m ≤ L 都满足 B_m(b) = Σᵢ cos(m·b^(−2i/d)) ≥ 0 的最小基数 b，即精确的下确界（可行基数不构成一个区间）。b_eff = θ&apos;_last^(−d/(2(d/2−1)))：与该方法最低频率相同的普通 RoPE 基数（若有频率为 0、从不旋转的维度对，例如按比例 RoPE，则没有 b_eff）；在 L 处位于曲线上方的点满足该下界</translation>
    </message>
    <message>
        <source>Every engine builds %1 with the same parameters (%2 arithmetic); cos and sin include its attention factor a. Compared at every position m = 0 … %3</source>
        <translation>每个引擎都以相同参数构建 %1（运算方式为“%2”）；cos 与 sin 含该引擎的注意力因子 a。比较 0 … %3 的每个位置 m</translation>
    </message>
    <message>
        <source>interpolate ≤ θ/s</source>
        <translation>插值 ≤ θ/s</translation>
    </message>
    <message>
        <source>Shaded: the pairs %1 keeps (θ&apos; = θ), ramps, and interpolates (θ&apos; ≤ θ/s: %3 of them are divided by more than s, up to %4) at s = %2, from its interpolation fraction log(θ/θ&apos;)/log s</source>
        <translation>阴影：%1 在 s = %2 时保持（θ&apos; = θ）、斜坡混合和插值（θ&apos; ≤ θ/s，其中 %3 个维度对的除数大于 s，最大为 %4）的维度对，由插值比例 log(θ/θ&apos;)/log s 得出</translation>
    </message>
    <message>
        <source>%1 pairs on fewer pixel rows: each drawn row is the exact mean of %2 pairs; the hover read-out gives each</source>
        <translation>%1 个维度对画在更少的像素行上：每一行是 %2 个维度对的精确平均；鼠标悬停读数给出每个维度对的值</translation>
    </message>
    <message>
        <source>Spectrum over the first %1 tokens</source>
        <translation>前 %1 个词元的频谱</translation>
    </message>
    <message>
        <source>wavelength (tokens)</source>
        <translation>波长（词元）</translation>
    </message>
    <message>
        <source>M-RoPE: the rows are the tokens of the layout %1; its image and video tokens turn by their (t, h, w) ids, not by the token index, so their channels&apos; FFT peaks need not match 2π/θ&apos;ᵢ (the analytic line is that of text tokens)</source>
        <translation>M-RoPE：各行是词元布局 %1 中的词元；其中的图像和视频词元按 (t, h, w) 编号旋转，而不是按词元序号，所以各通道的 FFT 峰值不一定与 2π/θ&apos;ᵢ 吻合（解析曲线对应的是文本词元）</translation>
    </message>
    <message>
        <source>d_extra = 2⌈(d/2)·log_b(T/2π)⌉ with the method&apos;s unscaled base b, at most twice the number of pairs of non-zero frequency (pairs of frequency 0, as Proportional RoPE&apos;s, never turn): pairs from d_extra/2 on never complete a turn within T (shaded, right). T_extra = 2π/θ&apos; of the critical pair under the method&apos;s own frequencies (∞ at frequency 0)</source>
        <translation>d_extra = 2⌈(d/2)·log_b(T/2π)⌉（b 为方法未缩放的基数），但最多取频率非零的维度对个数的两倍（频率为 0 的维度对从不旋转，例如按比例 RoPE 末尾的维度对）：维度对 d_extra/2（临界维度对）及其后的维度对在 T 内转不满一圈（右侧阴影）。T_extra = 临界维度对在该方法自身频率下的 2π/θ&apos;（频率为 0 时为 ∞）</translation>
    </message>
    <message>
        <source>Load a config with per-layer encodings (Gemma 3, Gemma 4, Llama 4, gpt-oss, Cohere 2, Mistral or Qwen sliding windows …) with File ▸ Open config, or choose one of the presets Gemma-3-27B, Gemma-4-E2B, Llama-4-Scout or gpt-oss-20b (Presets menu)</source>
        <translation>用“文件 ▸ 打开配置”载入带逐层编码的配置（Gemma 3、Gemma 4、Llama 4、gpt-oss、Cohere 2、Mistral 或 Qwen 的滑动窗口……），或从“预设”菜单选择 Gemma-3-27B、Gemma-4-E2B、Llama-4-Scout 或 gpt-oss-20b</translation>
    </message>
    <message>
        <source>Reference grid: the tower&apos;s fixed grid, %1 (a larger image is cut into tiles of this grid)</source>
        <translation>参考网格：视觉编码器固定的网格，对应%1（更大的图像会被切成多张这样的小图，每张都用这个网格）</translation>
    </message>
    <message>
        <source>gamma_paper = the method&apos;s ramp γ in the YaRN paper&apos;s convention (1 keeps θ, 0 interpolates; YaRN&apos;s default code ramp is linear in the pair index, not the paper&apos;s γ(r)); hf_ramp = Hugging Face&apos;s linear_ramp_factor = 1 − γ (0 keeps θ); interpolation = log(θ/θ′)/log s, the fraction of log s applied; band: keep (interpolation 0), interpolate (1, or above 1 where a factor exceeds s, as LongRoPE&apos;s can), ramp (between). Select cells and Ctrl+C, or right-click: Copy as CSV / as Python list (17 significant digits)</source>
        <translation>斜坡 γ（gamma_paper）= 该方法自己的斜坡，按 YaRN 论文的约定取值（1 表示保持 θ，0 表示插值；YaRN 默认用代码斜坡，对维度对索引线性，不是论文的 γ(r)）；hf_ramp = Hugging Face 的 linear_ramp_factor = 1 − γ（0 表示保持 θ）；插值比例（interpolation）= log(θ/θ′)/log s，即实际施加的部分占 log s 的比例；频段：保持（keep，插值比例 0）、插值（interpolate，插值比例为 1；因子大于 s 时大于 1，LongRoPE 的因子就可能如此）、斜坡（ramp，介于两者之间）。选中单元格后按 Ctrl+C，或右键：复制为 CSV / Python 列表（17 位有效数字）</translation>
    </message>
    <message>
        <source>%1 frames of %2×%3 pixels</source>
        <translation>%1 帧 %2×%3 像素</translation>
    </message>
    <message>
        <source>a %1×%2-pixel image</source>
        <translation>一张 %1×%2 像素的图像</translation>
    </message>
    <message>
        <source>a %1×%2-pixel crop</source>
        <translation>一张 %1×%2 像素的裁剪图</translation>
    </message>
    <message>
        <source>%1×%2 pixels</source>
        <translation>%1×%2 像素</translation>
    </message>
    <message>
        <source>beyond the example</source>
        <translation>示例之外</translation>
    </message>
    <message>
        <source>Reference grid: an example, %1, not a training limit (the tower takes up to image_size/patch_size = %2 patches per side)</source>
        <translation>参考网格：以%1为例，不是训练时的上限（该视觉编码器每边最多可有 image_size/patch_size = %2 个图块）</translation>
    </message>
    <message>
        <source>Reference grid: an example, %1, not a training limit (the tower reads images at their native resolution)</source>
        <translation>参考网格：以%1为例，不是训练时的上限（该视觉编码器按图像的原生分辨率读取）</translation>
    </message>
    <message>
        <source>%1: pairs %2…%3 (frequency 0)</source>
        <translation>%1：维度对 %2…%3（频率为 0）</translation>
    </message>
    <message>
        <source>Each hand points along the pair&apos;s first channel, rotated; the pair is channels (i, i + P) with half pairing, P = d_rot/2 being the number of pairs of the cos/sin cache (%1; pairs of frequency 0 included), and (2i, 2i + 1) interleaved. The hands are drawn 1 (fastest pair) down to 0.5 (slowest) long only to tell them apart: the rotation keeps every length, and an attention factor (YaRN&apos;s a) would scale every hand alike (not drawn)</source>
        <translation>每根指针指向该维度对第一个通道经旋转后的方向；前后半配对时维度对为通道 (i, i + P)，P = d_rot/2，即 cos/sin 缓存中的维度对个数（%1；频率为 0 的维度对也计入），交错配对时为 (2i, 2i + 1)。指针长度从 1（最快的维度对）到 0.5（最慢）只是为了区分它们：旋转保持长度不变，注意力因子（YaRN 的 a）会对所有指针作同样缩放（图中不画）</translation>
    </message>
    <message>
        <source>Not drawn, as they never turn: %1</source>
        <translation>未画出以下从不旋转的维度对：%1</translation>
    </message>
    <message>
        <source>mscale_all_dim = %1 from %2</source>
        <translation>mscale_all_dim = %1，取自 %2</translation>
    </message>
    <message>
        <source>Values: s = %1, L0 = %2, mscale_all_dim = %3, floor_scale = %4, attn_scale = %5, γ = %6, Su&apos;s base %7</source>
        <translation>所用数值：s = %1，L0 = %2，mscale_all_dim = %3，floor_scale = %4，attn_scale = %5，γ = %6，苏剑林规则的对数底 %7</translation>
    </message>
    <message>
        <source>not drawn: the similarity above leaves it out; in the model each h pair&apos;s term is multiplied by mscale² = %1 and each w pair&apos;s by %2</source>
        <translation>不画出：上面的相似度不含这一因子；在模型中，h 轴每个维度对的项乘以 mscale² = %1，w 轴的乘以 %2</translation>
    </message>
    <message>
        <source>not drawn: angles and wavelengths do not depend on it</source>
        <translation>不画出：角度和波长与它无关</translation>
    </message>
    <message>
        <source>Shaded: pairs whose trained wavelength is longer than the reference extent but shorter than the target extent. They complete a turn only beyond the reference grid, so at their trained frequencies the target grid turns them through angles never seen in training (shorter wavelengths had turned fully; much longer ones move on a short new arc)</source>
        <translation>阴影：训练时波长长于参考范围、短于目标范围的维度对。它们要到参考网格之外才转完一圈，所以按训练时的频率，目标网格会让它们转过训练中从未见过的角度（更短的波长早已转满一圈；长得多的只在一段很短的新圆弧上移动）</translation>
    </message>
    <message>
        <source>The shading follows the trained wavelengths (what the target grid meets without a fix), not the scaled ones drawn dashed</source>
        <translation>阴影按训练时的波长划定（即不加修正时目标网格遇到的情形），不按虚线画出的缩放后波长</translation>
    </message>
    <message>
        <source>Shaded: pairs whose trained wavelength is longer than the reference extent but shorter than the target extent. At their trained frequencies they turn on the target grid through angles this example image does not reach; the tower is trained on larger images too, so these angles are not necessarily unseen in training</source>
        <translation>阴影：训练时波长长于参考范围、短于目标范围的维度对。按训练时的频率，它们在目标网格上转过的是这张示例图像达不到的角度；视觉编码器训练时也用更大的图像，所以这些角度不一定是训练中从未见过的</translation>
    </message>
    <message>
        <source>Score model expected-similar (the default): score(Δ) = σ²·(a²·2·Σᵢ cos(Δθ′ᵢ) + head_dim − d_rot), the expected qᵀR_Δk of a key k = q + noise for a query with components of variance σ² = %1 (head_dim − d_rot: 1 per pass-through channel); before the temperature and the softmax scale multiplier the logit is score(Δ)/√head_dim: at Δ = 0, before a², σ²·√head_dim = %2; all-ones (q = k = 1) is the sharpest case</source>
        <translation>分数模型“期望相似（expected-similar）”（默认）：score(Δ) = σ²·(a²·2·Σᵢ cos(Δθ′ᵢ) + head_dim − d_rot)，即查询各分量方差为 σ² = %1、键 k = q + 噪声时 qᵀR_Δk 的期望（head_dim − d_rot：每个不旋转的通道贡献 1）；未计温度与 softmax 缩放乘数时，logit 为 score(Δ)/√head_dim，Δ = 0 处、乘 a² 之前为 σ²·√head_dim = %2；“全 1 向量（all-ones）”（q = k = 1）是最尖锐的情形</translation>
    </message>
    <message>
        <source>h: %1 → %2 tokens (s = %3), %4 of %5 pairs changed; w: %6 → %7 tokens (s = %8), %9 of %10 pairs changed</source>
        <translation>h：%1 → %2 个词元（s = %3），%5 个维度对中改变了 %4 个；w：%6 → %7 个词元（s = %8），%10 个维度对中改变了 %9 个</translation>
    </message>
    <message>
        <source>h and w both rescaled for the longer side, max(H, W): %1 → %2 tokens (s = %3); %4 of %5 h pairs and %6 of %7 w pairs changed</source>
        <translation>h 轴和 w 轴都按较长的一边 max(H, W) 缩放：%1 → %2 个词元（s = %3）；h 轴 %5 个维度对中改变了 %4 个，w 轴 %7 个维度对中改变了 %6 个</translation>
    </message>
    <message>
        <source>DyPE, %1, at timestep t = %2 (1 = pure noise, towards 0 = the end of sampling): %3. Strength %4; %5; cos and sin multiplied by mscale %6 on h and %7 on w (%8)</source>
        <translation>DyPE，%1，时间步 t = %2（1 = 纯噪声，趋向 0 = 采样结束）：%3。强度 %4；%5；cos 与 sin 在 h 轴上乘以 mscale %6，在 w 轴上乘以 %7（%8）</translation>
    </message>
    <message>
        <source>Score model all-ones (q = k = 1): the logit at Δ = 0, before a², the temperature and the softmax scale multiplier, is √head_dim = %1, the largest any q, k of this norm reach; the gap between the curves depends on the score model (try expected-similar with a smaller σ²)</source>
        <translation>分数模型“全 1 向量（all-ones）”（q = k = 1）：未计 a²、温度与 softmax 缩放乘数时，Δ = 0 处的 logit 为 √head_dim = %1，是该范数下 q、k 能达到的最大值；曲线之间的差距取决于分数模型（可改选“期望相似（expected-similar）”并取较小的 σ²）</translation>
    </message>
    <message>
        <source>On an axis whose target is larger than its reference (s &gt; 1)</source>
        <translation>在目标范围大于参考范围（s &gt; 1）的轴上</translation>
    </message>
    <message>
        <source>On both axes, the longer side max(H, W) being larger than the reference (s &gt; 1)</source>
        <translation>较长的一边 max(H, W) 大于参考范围（s &gt; 1），两个轴都如此</translation>
    </message>
    <message>
        <source>; an axis with s ≤ 1 stays as trained</source>
        <translation>；s ≤ 1 的轴保持训练时的频率</translation>
    </message>
    <message>
        <source>%1: near t = 1 DyPE rescales almost every pair, and at every t &gt; 0 every pair but pair 0 still changes, by less and less towards t = 0, as NTK&apos;s raised θ falls back towards the trained one%2</source>
        <translation>%1：t 接近 1 时，DyPE 几乎对每个维度对都重新缩放；只要 t &gt; 0，除维度对 0 外的每个维度对都仍在改变，只是越接近 t = 0 改变越小，因为 NTK 提高的 θ 逐渐回落，趋向训练时的 θ%2</translation>
    </message>
    <message>
        <source>%1: near t = 1 DyPE rescales almost every pair, and as t falls fewer pairs change over most of the range: the fast pairs keep their trained frequencies for the fine detail, and the slowest are still divided by s; not at very small t, where the ramp&apos;s ends cross (the count above is the one at this t)%2</source>
        <translation>%1：t 接近 1 时，DyPE 几乎对每个维度对都重新缩放；在 t 的大部分取值范围内，t 越小，改变的维度对越少：快的维度对保留训练时的频率以生成细节，最慢的仍被除以 s；但 t 很小时并非如此，因为斜坡的两端会交叉（上面给出的是所画 t 处的个数）%2</translation>
    </message>
    <message>
        <source>%1: near t = 1 DyPE rescales almost every pair, and as t falls fewer pairs change, down to the pairs whose trained wavelength is longer than the reference extent (the ramp&apos;s ends tend to one turn over it): the fast pairs keep their trained frequencies for the fine detail, and the slowest are still divided by s</source>
        <translation>%1：t 接近 1 时，DyPE 几乎对每个维度对都重新缩放；t 越小，改变的维度对越少，最终只剩训练时波长长于参考范围的维度对（斜坡两端对应的圈数都趋于 1，即在参考范围内恰好转一圈）：快的维度对保留训练时的频率以生成细节，最慢的仍被除以 s</translation>
    </message>
    <message>
        <source>Rotary methods: logits z(Δ) = c_sm·score(Δ)/(t·√head_dim), c_sm the softmax scale multiplier (counted when the attention factor is); score %1</source>
        <translation>旋转类方法：logits z(Δ) = c_sm·score(Δ)/(t·√head_dim)，c_sm 为 softmax 缩放乘数（与注意力因子同时计入）；分数模型：%1</translation>
    </message>
    <message>
        <source>Keys Δ = 0…n−1</source>
        <translation>键 Δ = 0…n−1</translation>
    </message>
    <message>
        <source>Keys: the k(n) keys the last query sees, Δ = 0…k(n)−1 (%1: k(n) = %2)</source>
        <translation>键：最后一个查询所见的 k(n) 个键，Δ = 0…k(n)−1（%1：k(n) = %2）</translation>
    </message>
    <message>
        <source>%1; %2</source>
        <translation>%1；%2</translation>
    </message>
    <message>
        <source>Attention factor included (temperature “method”): the logits of %1 are multiplied by a² on the rotated channels and by the softmax scale multiplier; a product above 1 sharpens the logits and lowers the entropy, one below 1 flattens them</source>
        <translation>包含注意力因子（温度选“方法自带（method）”）：%1 的 logits 在旋转通道上乘以 a²，并整体乘以 softmax 缩放乘数；两者之积大于 1 时 logits 变尖锐、熵降低，小于 1 时 logits 变平</translation>
    </message>
    <message>
        <source>temperature t = 1 (“%1”: the method&apos;s own factors enter as a² and c_sm, not through t)</source>
        <translation>温度 t = 1（“%1”：方法自身的因子以 a² 和 c_sm 计入，而不是通过 t）</translation>
    </message>
    <message>
        <source>temperature t = 1 (“%1”)</source>
        <translation>温度 t = 1（“%1”）</translation>
    </message>
    <message>
        <source>the sharpest case: here a² and c_sm move H far more than they would in a trained model (Score: expected-similar is milder)</source>
        <translation>最尖锐的情形：这里 a² 和 c_sm 对 H 的影响远大于在训练好的模型中（“分数模型”选“期望相似（expected-similar）”时更温和）</translation>
    </message>
    <message>
        <source>temperature t = 1/c(n), c(n) the factor “%1” puts on the logits at context length n (the last query at position n − 1)</source>
        <translation>温度 t = 1/c(n)，c(n) 为“%1”在上下文长度 n 处乘到 logits 上的因子（最后一个查询位于位置 n − 1）</translation>
    </message>
    <message>
        <source>%1: logits z(Δ) = bias(Δ)/t, no content score (Score and σ² do not change these logits)</source>
        <translation>%1：logits z(Δ) = bias(Δ)/t，只有偏置，不含内容分数（“分数模型”和 σ² 不改变这些 logits）</translation>
    </message>
    <message>
        <source>%1: logits z(Δ) = Σᵢ cos(Δωᵢ)/(t·√d_model), the dot product of the position vectors (Score and σ² do not change these logits)</source>
        <translation>%1：logits z(Δ) = Σᵢ cos(Δωᵢ)/(t·√d_model)，即位置向量的点积（“分数模型”和 σ² 不改变这些 logits）</translation>
    </message>
    <message>
        <source>Interleaved pairing: channels 2i and 2i + 1 rotate together, at the frequency of pair i</source>
        <translation>交错配对：通道 2i 与 2i + 1 一起旋转，频率取维度对 i 的频率</translation>
    </message>
    <message>
        <source>xPos: pair i of R_m·x is also scaled by ζᵢ^(m/B), as a query is (a key by ζᵢ^(−m/B))</source>
        <translation>xPos：R_m·x 的维度对 i 还乘以 ζᵢ^(m/B)，与查询相同（键则乘以 ζᵢ^(−m/B)）</translation>
    </message>
    <message>
        <source>Pair i of the query is turned by m·θ&apos;ᵢ (solid hand), of the key by n·θ&apos;ᵢ (dashed); the score depends on the angle between them, (m − n)θ&apos;ᵢ (the arc), and for %1 also on its decay: pair i of the query is scaled by ζᵢ^(m/B), of the key by ζᵢ^(−n/B), a factor ζᵢ^((m − n)/B) on the score (not drawn); either way moving both positions together changes nothing</source>
        <translation>查询的维度对 i 旋转 m·θ&apos;ᵢ（实线指针），键的维度对 i 旋转 n·θ&apos;ᵢ（虚线指针）；分数取决于两者之间的夹角 (m − n)θ&apos;ᵢ（圆弧），对 %1 还取决于其衰减：查询的维度对 i 乘以 ζᵢ^(m/B)，键的维度对 i 乘以 ζᵢ^(−n/B)，即分数多一个因子 ζᵢ^((m − n)/B)（图中不画）；无论哪种情况，两个位置一起移动时分数都不变</translation>
    </message>
    <message>
        <source>a = %1 (attention factor) on the rotated channels of q and k: their score includes a² = %2</source>
        <translation>q 和 k 的旋转通道都乘以 a = %1（注意力因子），因此旋转通道的分数含 a² = %2</translation>
    </message>
    <message>
        <source>xPos: pair p of q is also scaled by ζₚ^(i/B), of k by ζₚ^(−j/B): a factor ζₚ^((i − j)/B) on each pair&apos;s score</source>
        <translation>xPos：q 的维度对 p 还乘以 ζₚ^(i/B)，k 的维度对 p 乘以 ζₚ^(−j/B)，即每个维度对的分数多一个因子 ζₚ^((i − j)/B)</translation>
    </message>
    <message>
        <source>(θ′ᵢ of the engine − θ′ᵢ of HF) / θ′ᵢ of HF</source>
        <translation>（引擎的 θ′ᵢ − HF 的 θ′ᵢ）/ HF 的 θ′ᵢ</translation>
    </message>
    <message>
        <source>pair j rotates channels 2j and 2j + 1 (interleaved)</source>
        <translation>维度对 j 旋转通道 2j 和 2j + 1（交错配对）</translation>
    </message>
    <message>
        <source>%1: each pair&apos;s term is also multiplied by its decay ζᵢ^(Δ/B), B its scale base</source>
        <translation>%1：每个维度对的项还乘以该维度对的衰减 ζᵢ^(Δ/B)，B 为其衰减尺度</translation>
    </message>
    <message>
        <source>%1 base b = %2 (rope_type %3), %4: layers %5</source>
        <translation>%1 基数 b = %2（rope_type %3），%4：层 %5</translation>
    </message>
    <message>
        <source>One token in %1 drawn (%2 tokens)</source>
        <translation>每 %1 个词元画一个（共 %2 个词元）</translation>
    </message>
</context>
<context>
    <name>posenc::errors</name>
    <message>
        <source>%1 MiB</source>
        <translation>%1 MiB</translation>
    </message>
    <message>
        <source>cannot be read (%1)</source>
        <translation>无法读取（%1）</translation>
    </message>
    <message>
        <source>is %1, larger than the %2 limit</source>
        <translation>大小为 %1，超过 %2 的上限</translation>
    </message>
    <message>
        <source>(no file name)</source>
        <translation>（没有文件名）</translation>
    </message>
    <message>
        <source>no file given</source>
        <translation>没有给出文件</translation>
    </message>
    <message>
        <source>cannot be opened (%1)</source>
        <translation>无法打开（%1）</translation>
    </message>
    <message>
        <source>is a folder, not a file</source>
        <translation>是文件夹，不是文件</translation>
    </message>
    <message>
        <source>is not a regular file (a FIFO, device or socket); only regular files are read</source>
        <translation>不是普通文件（而是 FIFO、设备或套接字）；只读取普通文件</translation>
    </message>
    <message>
        <source>is larger than the %1 limit</source>
        <translation>超过 %1 的上限</translation>
    </message>
    <message>
        <source>is not a regular file; only regular files are read</source>
        <translation>不是普通文件；只读取普通文件</translation>
    </message>
    <message>
        <source>%1: not valid JSON (a NUL byte at byte %2)</source>
        <translation>%1：不是有效的 JSON（第 %2 字节是 NUL 字节）</translation>
    </message>
    <message>
        <source>%1: not valid JSON (syntax error at byte %2)</source>
        <translation>%1：不是有效的 JSON（第 %2 字节处有语法错误）</translation>
    </message>
    <message>
        <source>%1: not valid JSON (a number beyond the range of a double)</source>
        <translation>%1：不是有效的 JSON（有超出 double 范围的数值）</translation>
    </message>
    <message>
        <source>%1: cannot be read</source>
        <translation>%1：无法读取</translation>
    </message>
    <message>
        <source>%1: is a folder, not a file</source>
        <translation>%1：是文件夹，不是文件</translation>
    </message>
    <message>
        <source>%1: is not a regular file (a FIFO, device or socket)</source>
        <translation>%1：不是普通文件（而是 FIFO、设备或套接字）</translation>
    </message>
    <message>
        <source>%1: read error</source>
        <translation>%1：读取出错</translation>
    </message>
    <message>
        <source>%1: %2 must be a number, got %3</source>
        <translation>%1：%2 必须是数值，实际为 %3</translation>
    </message>
    <message>
        <source>%1: %2 must be finite, got %3</source>
        <translation>%1：%2 必须是有限值，实际为 %3</translation>
    </message>
    <message>
        <source>%1: %2 must be a positive integer, got %3</source>
        <translation>%1：%2 必须是正整数，实际为 %3</translation>
    </message>
    <message>
        <source>%1: %2 must be a string, got %3</source>
        <translation>%1：%2 必须是字符串，实际为 %3</translation>
    </message>
    <message>
        <source>%1: %2 must be true or false, got %3</source>
        <translation>%1：%2 必须是 true 或 false，实际为 %3</translation>
    </message>
    <message>
        <source>%1: %2 must be an array of numbers, got %3</source>
        <translation>%1：%2 必须是数值数组，实际为 %3</translation>
    </message>
    <message>
        <source>%1: %2 must be an object, got %3</source>
        <translation>%1：%2 必须是对象，实际为 %3</translation>
    </message>
    <message>
        <source>%1: %2 is missing</source>
        <translation>%1：缺少 %2</translation>
    </message>
    <message>
        <source>%1 is missing; HF has no default for it</source>
        <translation>缺少 %1；HF 没有它的默认值</translation>
    </message>
    <message>
        <source>no such file or folder</source>
        <translation>没有这个文件或文件夹</translation>
    </message>
    <message>
        <source>permission denied</source>
        <translation>权限不足</translation>
    </message>
    <message>
        <source>too many levels of symbolic links</source>
        <translation>符号链接层数过多</translation>
    </message>
    <message>
        <source>a part of the path is not a folder</source>
        <translation>路径中的某一部分不是文件夹</translation>
    </message>
    <message>
        <source>the file name is too long</source>
        <translation>文件名过长</translation>
    </message>
    <message>
        <source>input/output error</source>
        <translation>输入/输出错误</translation>
    </message>
    <message>
        <source>%1: cannot be read (%2)</source>
        <translation>%1：无法读取（%2）</translation>
    </message>
    <message>
        <source>%1: %2 is missing; HF era %3 has no default for yarn</source>
        <translation>%1：缺少 %2；HF 版本时期 %3 没有为 yarn 提供默认值</translation>
    </message>
    <message>
        <source>%1: not a GGUF file (it must start with the bytes &quot;GGUF&quot;)</source>
        <translation>%1：不是 GGUF 文件（文件必须以字节“GGUF”开头）</translation>
    </message>
    <message>
        <source>%1: the GGUF file ends too early (at byte %2, %3 bytes are needed and %4 remain)</source>
        <translation>%1：GGUF 文件提前结束（在字节偏移 %2 处需要 %3 字节，只剩 %4 字节）</translation>
    </message>
    <message>
        <source>%1: GGUF version 1 is not supported (versions 2 and 3 are)</source>
        <translation>%1：不支持 GGUF 版本 1（支持版本 2 和 3）</translation>
    </message>
    <message>
        <source>%1: GGUF version %2 is not supported (versions 2 and 3 are)</source>
        <translation>%1：不支持 GGUF 版本 %2（支持版本 2 和 3）</translation>
    </message>
    <message>
        <source>%1: a big-endian GGUF file (version %2); only little-endian files are read</source>
        <translation>%1：是大端字节序的 GGUF 文件（版本 %2）；本工具只读取小端字节序的文件</translation>
    </message>
    <message>
        <source>%1: line %2 has %3 values, the first row has %4</source>
        <translation>%1：第 %2 行有 %3 个值，而第一个非注释行有 %4 个</translation>
    </message>
    <message>
        <source>%1: contains NUL bytes: not a text (CSV) file</source>
        <translation>%1：含有 NUL 字节，不是文本（CSV）文件</translation>
    </message>
    <message>
        <source>%1: holds no rows of numbers</source>
        <translation>%1：不含任何数值行</translation>
    </message>
    <message>
        <source>%1: not a .npy file (it does not start with \x93NUMPY)</source>
        <translation>%1：不是 .npy 文件（文件开头不是 \x93NUMPY）</translation>
    </message>
    <message>
        <source>%1: shape %2 is %3-D; a position table must be 2-D (positions, channels)</source>
        <translation>%1：形状 %2 是 %3 维的；位置表必须是二维的（位置 × 通道）</translation>
    </message>
    <message>
        <source>%1: tensor %2 is %3-D; a position table must be 2-D (positions, channels)</source>
        <translation>%1：张量 %2 是 %3 维的；位置表必须是二维的（位置 × 通道）</translation>
    </message>
    <message>
        <source>%1: holds no 2-D F16/BF16/F32/F64 tensor (tensors: %2)</source>
        <translation>%1：不含 F16/BF16/F32/F64 类型的二维张量（文件中的张量：%2）</translation>
    </message>
    <message>
        <source>unknown key</source>
        <translation>未知的键</translation>
    </message>
    <message>
        <source>unknown method</source>
        <translation>未知的方法</translation>
    </message>
    <message>
        <source>unknown method %1</source>
        <translation>未知的方法 %1</translation>
    </message>
    <message>
        <source>not a method id: %1</source>
        <translation>不是方法标识符：%1</translation>
    </message>
    <message>
        <source>method %1 is listed twice</source>
        <translation>方法 %1 在列表中出现了两次</translation>
    </message>
    <message>
        <source>no method has this parameter</source>
        <translation>所有方法都没有这个参数</translation>
    </message>
    <message>
        <source>not a shared parameter (give it under &quot;params&quot; for a method)</source>
        <translation>不是共享参数（请在“params”下为某个方法指定）</translation>
    </message>
    <message>
        <source>%1 has no such parameter</source>
        <translation>%1 没有这个参数</translation>
    </message>
    <message>
        <source>must be an array of method ids, got %1</source>
        <translation>必须是方法标识符的数组，实际为 %1</translation>
    </message>
    <message>
        <source>must be an object of parameter values, got %1</source>
        <translation>必须是由参数值构成的对象，实际为 %1</translation>
    </message>
    <message>
        <source>must be an object keyed by method id, got %1</source>
        <translation>必须是以方法标识符为键的对象，实际为 %1</translation>
    </message>
    <message>
        <source>must be an integer number of positions in %1, got %2</source>
        <translation>必须是 %1 内的整数（位置数），实际为 %2</translation>
    </message>
    <message>
        <source>%1 is not an integer in %2</source>
        <translation>%1 不是 %2 内的整数</translation>
    </message>
    <message>
        <source>must be an array of strings, got %1</source>
        <translation>必须是字符串数组，实际为 %1</translation>
    </message>
    <message>
        <source>entry %1 is not a string</source>
        <translation>列表中的 %1 不是字符串</translation>
    </message>
    <message>
        <source>must be a string, got %1</source>
        <translation>必须是字符串，实际为 %1</translation>
    </message>
    <message>
        <source>must be an object keyed by view id, got %1</source>
        <translation>必须是以视图标识符为键的对象，实际为 %1</translation>
    </message>
    <message>
        <source>must be an object of option values, got %1</source>
        <translation>必须是由选项值构成的对象，实际为 %1</translation>
    </message>
    <message>
        <source>unsupported value %1</source>
        <translation>不支持的值 %1</translation>
    </message>
    <message>
        <source>must be an object of strings, got %1</source>
        <translation>必须是由字符串构成的对象，实际为 %1</translation>
    </message>
    <message>
        <source>is %1 bytes; sessions larger than %2 bytes are not read</source>
        <translation>大小为 %1 字节；本工具不读取大于 %2 字节的会话</translation>
    </message>
    <message>
        <source>the top level must be a JSON object</source>
        <translation>顶层必须是 JSON 对象</translation>
    </message>
    <message>
        <source>not a posenc session (&quot;format&quot; must be &quot;%1&quot;, got %2)</source>
        <translation>不是 posenc 会话（“format”必须是“%1”，实际为 %2）</translation>
    </message>
    <message>
        <source>&quot;version&quot; must be a positive integer, got %1</source>
        <translation>“version”必须是正整数，实际为 %1</translation>
    </message>
    <message>
        <source>written by a newer PosEnc Explorer (session version %1); this one reads version %2</source>
        <translation>由较新版本的 PosEnc Explorer 写入（会话版本 %1）；本工具只能读取会话版本 %2</translation>
    </message>
    <message>
        <source> (%1)</source>
        <comment>a config&apos;s rope type after its key</comment>
        <translation>（%1）</translation>
    </message>
    <message>
        <source>: </source>
        <comment>between a file and a key</comment>
        <translation>：</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <comment>a place in a file, then what is wrong there</comment>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>--token-layout grid %1x%2 does not divide by spatial_merge_size %3 (the vision merger joins m x m patches into one token)</source>
        <translation>词元布局（--token-layout）的网格 %1×%2 不能被 spatial_merge_size %3 整除（视觉合并器把 m × m 个图块合成一个词元）</translation>
    </message>
    <message>
        <source>--token-layout entry &quot;%1&quot;: has no &apos;:&apos; (entries: text:N, image:HxW, video:TxHxW[@FPS], comma-separated)</source>
        <translation>词元布局（--token-layout）的条目“%1”缺少“:”（条目格式为 text:N、image:HxW、video:TxHxW[@FPS]，以逗号分隔）</translation>
    </message>
    <message>
        <source>--token-layout entry &quot;%1&quot;: &quot;%2&quot; is not an integer in [1, 2^30] (entries: text:N, image:HxW, video:TxHxW[@FPS], comma-separated)</source>
        <translation>词元布局（--token-layout）的条目“%1”中，“%2”不是 [1, 2^30] 内的整数（条目格式为 text:N、image:HxW、video:TxHxW[@FPS]，以逗号分隔）</translation>
    </message>
    <message>
        <source>--token-layout entry &quot;%1&quot;: an image is HxW (its patch grid) (entries: text:N, image:HxW, video:TxHxW[@FPS], comma-separated)</source>
        <translation>词元布局（--token-layout）的条目“%1”：图像应写作 HxW，即图块网格（条目格式为 text:N、image:HxW、video:TxHxW[@FPS]，以逗号分隔）</translation>
    </message>
    <message>
        <source>--token-layout entry &quot;%1&quot;: the frame rate after &apos;@&apos; must be a number &gt; 0, got &quot;%2&quot; (entries: text:N, image:HxW, video:TxHxW[@FPS], comma-separated)</source>
        <translation>词元布局（--token-layout）的条目“%1”：“@”后的帧率必须是大于 0 的数值，实际为“%2”（条目格式为 text:N、image:HxW、video:TxHxW[@FPS]，以逗号分隔）</translation>
    </message>
    <message>
        <source>--token-layout entry &quot;%1&quot;: a video is TxHxW (temporal patches x patch grid) (entries: text:N, image:HxW, video:TxHxW[@FPS], comma-separated)</source>
        <translation>词元布局（--token-layout）的条目“%1”：视频应写作 TxHxW，即时间图块数 × 图块网格（条目格式为 text:N、image:HxW、video:TxHxW[@FPS]，以逗号分隔）</translation>
    </message>
    <message>
        <source>--token-layout entry &quot;%1&quot;: unknown kind &quot;%2&quot; (entries: text:N, image:HxW, video:TxHxW[@FPS], comma-separated)</source>
        <translation>词元布局（--token-layout）的条目“%1”：未知的类型“%2”（条目格式为 text:N、image:HxW、video:TxHxW[@FPS]，以逗号分隔）</translation>
    </message>
    <message>
        <source>%1: %2 &quot;%3&quot; is not a rope type HF knows (%4)</source>
        <translation>%1：%2 的值“%3”不是 HF 已知的 RoPE 类型（%4）</translation>
    </message>
    <message>
        <source>%1: %2 is missing (nor is there a legacy &quot;type&quot;); HF era %3 needs one</source>
        <translation>%1：缺少 %2（也没有旧式的“type”）；HF 版本时期 %3 要求指定 RoPE 类型</translation>
    </message>
    <message>
        <source>%1: %2 &quot;proportional&quot; is unknown to HF era %3 (added in v5)</source>
        <translation>%1：HF 版本时期 %3 不识别 %2 的值“proportional”（v5 才加入）</translation>
    </message>
    <message>
        <source>%1: line %2, column %3: &quot;%4&quot; is not a number</source>
        <translation>%1：第 %2 行第 %3 列的“%4”不是数值</translation>
    </message>
    <message>
        <source>%1: dtype &apos;%2&apos; is not supported; the table must be float16, float32 or float64</source>
        <translation>%1：不支持 dtype“%2”；表的 dtype 必须是 float16、float32 或 float64</translation>
    </message>
    <message>
        <source>%1: no tensor named &quot;%2&quot; (tensors: %3)</source>
        <translation>%1：没有名为“%2”的张量（文件中的张量：%3）</translation>
    </message>
    <message>
        <source>%1: tensor &quot;%2&quot; has dtype %3; a table must be F16, BF16, F32 or F64</source>
        <translation>%1：张量“%2”的 dtype 为 %3；表的 dtype 必须是 F16、BF16、F32 或 F64</translation>
    </message>
    <message>
        <source>%1: the table (%2, %3) is empty; it needs at least one position and one channel</source>
        <translation>%1：形状为 (%2, %3) 的表是空的；至少需要一个位置和一个通道</translation>
    </message>
    <message>
        <source>%1: the GGUF file is damaged at byte %2 (its structure cannot be read)</source>
        <translation>%1：GGUF 文件在字节偏移 %2 处损坏（无法读取其结构）</translation>
    </message>
    <message>
        <source>%1: %2 is an empty array; a number is needed</source>
        <translation>%1：%2 是空数组；需要数值</translation>
    </message>
    <message>
        <source>%1: %2 is %3; a finite number is needed</source>
        <translation>%1：%2 为 %3；需要有限的数值</translation>
    </message>
    <message>
        <source>%1: %2 is %3; a positive integer is needed</source>
        <translation>%1：%2 为 %3；需要正整数</translation>
    </message>
    <message>
        <source>%1: general.architecture is missing; every GGUF model names its architecture</source>
        <translation>%1：缺少 general.architecture；每个 GGUF 模型都会写明其架构</translation>
    </message>
    <message>
        <source>%1: %2 has no rope metadata (%3) and no head size; its learned position table is the tensor position_embd.weight</source>
        <translation>%1：%2 既没有 RoPE 元数据（%3），也没有头维度；它的可学习位置表是张量 position_embd.weight</translation>
    </message>
    <message>
        <source>%1: %2 has no rope metadata (%3) and no head size</source>
        <translation>%1：%2 既没有 RoPE 元数据（%3），也没有头维度</translation>
    </message>
    <message>
        <source>%1: %2 (%3) exceeds the head size %4</source>
        <translation>%1：%2（%3）超过了头维度 %4</translation>
    </message>
    <message>
        <source>%1: %2 (%3) must be even and at most the head size %4</source>
        <translation>%1：%2（%3）必须是偶数，且不超过头维度 %4</translation>
    </message>
    <message>
        <source>%1: %2 is %3; rotary channels come in pairs</source>
        <translation>%1：%2 为 %3；旋转通道两两组成维度对，数量必须是偶数</translation>
    </message>
    <message>
        <source>%1: %2 exceeds %3: the head size would be 0</source>
        <translation>%1：%2 大于 %3：头维度将为 0</translation>
    </message>
    <message>
        <source>%1: %2 is &quot;%3&quot;; llama.cpp knows none, linear, yarn, longrope</source>
        <translation>%1：%2 为“%3”；llama.cpp 只识别 none、linear、yarn、longrope</translation>
    </message>
    <message>
        <source>%1: %2 is %3; it must be &gt; 0 (freq_scale = 1/factor)</source>
        <translation>%1：%2 为 %3；必须 &gt; 0（freq_scale = 1/factor）</translation>
    </message>
    <message>
        <source>%1: %2 is %3; it must be &gt; 1</source>
        <translation>%1：%2 为 %3；必须 &gt; 1</translation>
    </message>
    <message>
        <source>%1: %2 is missing, and so is %3: YaRN needs the original length</source>
        <translation>%1：缺少 %2，也缺少 %3：YaRN 需要原始长度</translation>
    </message>
    <message>
        <source>%1: %2 is longrope but the tensor %3 is missing</source>
        <translation>%1：%2 为 longrope，但缺少张量 %3</translation>
    </message>
    <message>
        <source>%1: GGUF tensor &quot;%2&quot; has %3 entries; it needs n_rot/2 = %4</source>
        <translation>%1：GGUF 张量“%2”有 %3 个元素；需要 n_rot/2 = %4 个</translation>
    </message>
    <message>
        <source>%1: GGUF tensor &quot;%2&quot; entry %3 is %4; frequency factors must be &gt; 0</source>
        <translation>%1：GGUF 张量“%2”中索引为 %3 的元素为 %4；频率因子必须 &gt; 0</translation>
    </message>
    <message>
        <source>%1: the .npy header is damaged (not as NumPy writes it)</source>
        <translation>%1：.npy 文件头已损坏（与 NumPy 写出的格式不符）</translation>
    </message>
    <message>
        <source>%1: structured dtypes are not supported; the table must be float16, float32 or float64</source>
        <translation>%1：不支持结构化 dtype；表的 dtype 必须是 float16、float32 或 float64</translation>
    </message>
    <message>
        <source>%1: a Fortran-order array of more than 2 dimensions is not supported; save it in C order</source>
        <translation>%1：不支持超过二维的 Fortran 顺序数组；请以 C 顺序保存</translation>
    </message>
    <message>
        <source>%1: the file ends too early: shape %2 of %3 needs %4 data bytes</source>
        <translation>%1：文件提前结束：形状为 %2 的 %3 数据需要 %4 字节</translation>
    </message>
    <message>
        <source>%1: the header length %2 runs past the end of the file (%3 bytes): the file is cut short or damaged</source>
        <translation>%1：文件头长度 %2 超出了文件末尾（文件共 %3 字节）：文件被截断或已损坏</translation>
    </message>
    <message>
        <source>%1: not a readable .safetensors file (its header is damaged)</source>
        <translation>%1：不是可读取的 .safetensors 文件（文件头已损坏）</translation>
    </message>
    <message>
        <source>%1: the header entry of tensor &quot;%2&quot; is damaged</source>
        <translation>%1：张量“%2”在文件头中的条目已损坏</translation>
    </message>
    <message>
        <source>%1: holds several 2-D tensors; name one as FILE:TENSOR (%2)</source>
        <translation>%1：包含多个二维张量；请以 FILE:TENSOR 的形式指定其中一个（%2）</translation>
    </message>
    <message>
        <source>%1: %2 is not a number</source>
        <translation>%1：%2 不是数值</translation>
    </message>
    <message>
        <source>%1: %2 is not a string</source>
        <translation>%1：%2 不是字符串</translation>
    </message>
    <message>
        <source>%1: %2 is not an array of numbers</source>
        <translation>%1：%2 不是数值数组</translation>
    </message>
    <message>
        <source>not a posenc session (it has no &quot;format&quot;; a session&apos;s is &quot;%1&quot;)</source>
        <translation>不是 posenc 会话（文件中没有“format”；会话的“format”为“%1”）</translation>
    </message>
    <message>
        <source>the &quot;version&quot; key is missing; it must be a positive integer</source>
        <translation>缺少“version”；需要一个正整数</translation>
    </message>
    <message>
        <source>, </source>
        <comment>between the names of a list in an error message</comment>
        <translation>、</translation>
    </message>
    <message>
        <source>cannot write an empty file name</source>
        <translation>无法写入：未给出文件名</translation>
    </message>
    <message>
        <source>cannot write %1: No space left on device (it needs %2 but only %3 is free on that file system)</source>
        <translation>无法写入 %1：设备空间不足（需要 %2，而该文件系统只剩 %3）</translation>
    </message>
    <message>
        <source>cannot write %1: folder %2 does not exist</source>
        <translation>无法写入 %1：文件夹 %2 不存在</translation>
    </message>
    <message>
        <source>cannot write %1: folder %2 is not writable (%3)</source>
        <translation>无法写入 %1：文件夹 %2 不可写（%3）</translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>No space left on device</source>
        <translation>设备空间不足</translation>
    </message>
    <message>
        <source>File too large</source>
        <translation>文件超出了该文件系统允许的大小</translation>
    </message>
    <message>
        <source>Is a directory</source>
        <translation>这是一个文件夹</translation>
    </message>
    <message>
        <source>File exists</source>
        <translation>已有同名文件</translation>
    </message>
    <message>
        <source>Read-only file system</source>
        <translation>文件系统为只读</translation>
    </message>
    <message>
        <source>Disk quota exceeded</source>
        <translation>超出了磁盘配额</translation>
    </message>
    <message>
        <source>No such device or address</source>
        <translation>设备或地址不存在</translation>
    </message>
    <message>
        <source>attention head %1 does not exist: the heads are 0…%2</source>
        <translation>注意力头 %1 不存在：注意力头只有 0…%2</translation>
    </message>
    <message>
        <source>--%1 %2 is outside [%3, %4]</source>
        <translation>--%1 %2 超出范围 [%3, %4]</translation>
    </message>
    <message>
        <source>--%1 must be &gt; %2, got %3</source>
        <translation>--%1 必须 &gt; %2，实际为 %3</translation>
    </message>
    <message>
        <source>--%1 must be &gt; 1 (its logarithm divides), got %2</source>
        <translation>--%1 必须 &gt; 1（要除以它的对数），实际为 %2</translation>
    </message>
    <message>
        <source>--%1 must be &gt; 0 (it divides the position), got %2</source>
        <translation>--%1 必须 &gt; 0（位置要除以它），实际为 %2</translation>
    </message>
    <message>
        <source>--%1 must be finite</source>
        <translation>--%1 必须是有限的数值</translation>
    </message>
</context>
<context>
    <name>posenc::export</name>
    <message>
        <source>no output file given</source>
        <translation>未给出输出文件</translation>
    </message>
    <message>
        <source>the folder %1 does not exist</source>
        <translation>文件夹 %1 不存在</translation>
    </message>
    <message>
        <source>the folder %1 is not writable</source>
        <translation>文件夹 %1 不可写</translation>
    </message>
    <message>
        <source>%1 is a folder</source>
        <translation>%1 是文件夹</translation>
    </message>
    <message>
        <source>the curves do not share their x values; export CSV instead</source>
        <translation>各条曲线的 x 值不相同；请改为导出 CSV</translation>
    </message>
    <message>
        <source>this figure has no numeric array (export CSV for tables)</source>
        <translation>此图没有数值数组（表格请导出 CSV）</translation>
    </message>
    <message>
        <source>cannot tell the format of %1: use a .png, .svg, .pdf, .csv or .npy file name</source>
        <translation>无法判断 %1 的格式：请使用 .png、.svg、.pdf、.csv 或 .npy 文件名</translation>
    </message>
    <message>
        <source>the size %1 x %2 is outside 16 … 20000 pixels</source>
        <translation>尺寸 %1 × %2 超出了 16 … 20000 像素的范围</translation>
    </message>
    <message>
        <source>the scale %1 is outside 0.25 … 8</source>
        <translation>缩放比例 %1 超出了 0.25 … 8 的范围</translation>
    </message>
    <message>
        <source>cannot export: %1</source>
        <translation>无法导出：%1</translation>
    </message>
    <message>
        <source>the table needs %1 x %2 pixels to show every cell, over 20000 pixels: export CSV, or compare fewer methods</source>
        <translation>表格需要 %1 × %2 像素才能显示所有单元格，超出了 20000 像素的上限：请导出 CSV，或减少参与对比的方法</translation>
    </message>
    <message>
        <source>rendering the %1 failed</source>
        <translation>%1 渲染失败</translation>
    </message>
    <message>
        <source>data export writes .csv or .npy, not %1</source>
        <translation>数据导出只能写入 .csv 或 .npy 文件，不能写入 %1</translation>
    </message>
    <message>
        <source>cannot export NPY: %1</source>
        <translation>无法导出 NPY：%1</translation>
    </message>
    <message>
        <source>wrote %1 (%2)</source>
        <translation>已写入 %1（%2）</translation>
    </message>
    <message>
        <source>%1 x %2 px PNG</source>
        <translation>PNG，%1 × %2 像素</translation>
    </message>
    <message>
        <source>, grown from %1 x %2 to show the whole figure and every table cell</source>
        <translation>，为完整显示整幅图及表格的每个单元格，图像尺寸已从 %1 × %2 增大</translation>
    </message>
</context>
<context>
    <name>posenc::figures</name>
    <message>
        <source>Diverging (blue–white–red)</source>
        <translation>发散（蓝–白–红）</translation>
    </message>
    <message>
        <source>Cyclic (angles)</source>
        <translation>循环（角度）</translation>
    </message>
    <message>
        <source>Sequential (viridis-like)</source>
        <translation>顺序（类 viridis）</translation>
    </message>
    <message>
        <source>Grey</source>
        <translation>灰度</translation>
    </message>
    <message>
        <source>masked</source>
        <translation>已屏蔽</translation>
    </message>
    <message>
        <source>, </source>
        <comment>between the parts of a hover read-out</comment>
        <translation>，</translation>
    </message>
    <message>
        <source>%1 = %2…%3 (mean of %4)</source>
        <comment>hover read-out of a heatmap bin: the positions it averages</comment>
        <translation>%1 = %2…%3（%4 个值的平均）</translation>
    </message>
    <message>
        <source>%1: %2 = %3</source>
        <comment>hover read-out: the cell, then the value drawn there</comment>
        <translation>%1：%2 = %3</translation>
    </message>
    <message>
        <source> · pair %1: λ = %2 positions</source>
        <comment>hover read-out: the pair of the channel and its wavelength</comment>
        <translation> · 维度对 %1：λ = %2 个位置</translation>
    </message>
    <message>
        <source>, %1 rotations in L0 = %2</source>
        <comment>hover read-out: the pair&apos;s rotations in the original length</comment>
        <translation>，在 L0 = %2 个位置内转 %1 圈</translation>
    </message>
    <message>
        <source>%1 = %2: %3</source>
        <comment>hover read-out of curves: x, then each curve&apos;s value</comment>
        <translation>%1 = %2：%3</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <comment>hover read-out: a quantity, then each curve&apos;s value of it</comment>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>; </source>
        <comment>between the quantities of a hover read-out</comment>
        <translation>；</translation>
    </message>
    <message>
        <source>%1 = %2 → %3</source>
        <comment>hover read-out of a category strip: the cell, then its category</comment>
        <translation>%1 = %2 → %3</translation>
    </message>
    <message>
        <source>%1 = %2…%3 (point sample: the value at %2)</source>
        <comment>hover read-out of a point-sampled heatmap bin</comment>
        <translation>%1 = %2…%3（点采样：取 %2 处的值）</translation>
    </message>
    <message>
        <source> (mean over the query × key block, masked keys left out)</source>
        <comment>hover read-out of a bias heatmap cell</comment>
        <translation>（整个查询 × 键区块的平均，不计被屏蔽的键）</translation>
    </message>
</context>
<context>
    <name>posenc::gallery</name>
    <message>
        <source>Sinusoidal encoding, d = 64, 1000 positions</source>
        <translation>正弦位置编码，d = 64，1000 个位置</translation>
    </message>
    <message>
        <source>PE(pos, 2i) = sin(pos / 10000^(2i/d)), PE(pos, 2i+1) = cos(...): x is the position, y the channel; the fast channels at the bottom oscillate every few positions, the slow ones at the top barely move.</source>
        <translation>PE(pos, 2i) = sin(pos / 10000^(2i/d))，PE(pos, 2i+1) = cos(...)：横轴是位置，纵轴是通道；下方的快通道每隔几个位置就振荡一次，上方的慢通道几乎不变。</translation>
    </message>
    <message>
        <source>Sinusoidal encoding, concatenated layout, d = 512, 2048 positions</source>
        <translation>正弦位置编码，拼接式通道布局，d = 512，2048 个位置</translation>
    </message>
    <message>
        <source>The TensorFlow tutorial&apos;s layout: all sines in the first half of the channels, all cosines in the second.</source>
        <translation>TensorFlow 教程的通道布局：所有正弦在前一半通道，所有余弦在后一半。</translation>
    </message>
    <message>
        <source>Cosine similarity between sinusoidal position vectors, d = 512</source>
        <translation>正弦位置向量之间的余弦相似度，d = 512</translation>
    </message>
    <message>
        <source>Each position is most similar to itself and its neighbours; similarity falls off with distance along every row (the tutorial plots one row, position 1000).</source>
        <translation>每个位置与自身及邻近位置最相似；沿每一行，相似度随距离下降（教程只画了一行，即位置 1000）。</translation>
    </message>
    <message>
        <source>RoPE applied to [1, ..., 1, -1, ..., -1], d = 128</source>
        <translation>RoPE 作用于 [1, ..., 1, -1, ..., -1]，d = 128</translation>
    </message>
    <message>
        <source>Each column is the probe vector rotated by RoPE at that position (half pairing): the fast pairs spin quickly, the slow ones keep the probe&apos;s value for thousands of positions.</source>
        <translation>每一列是探针向量在该位置被 RoPE 旋转后的结果（前后半配对）：快的维度对转得很快，慢的维度对在几千个位置内都保持探针的值。</translation>
    </message>
    <message>
        <source>RoPE as rotation: RoPE, PI and YaRN (s = 8) as clock hands</source>
        <translation>旋转视图：把 RoPE、PI 与 YaRN（s = 8）画成时钟指针</translation>
    </message>
    <message>
        <source>Four channel pairs of the query at position 12 (solid) and the key at position 8 (dashed). PI slows every hand by s; YaRN keeps the fast hands of RoPE and slows only the slow ones. The score depends on the arcs, the angles (m - n)θ&apos;.</source>
        <translation>位置 12 的查询（实线）与位置 8 的键（虚线）的四个维度对。PI 把每根指针的转速都降为 1/s；YaRN 保留 RoPE 的快指针，只让慢指针变慢。分数取决于圆弧，即夹角 (m - n)θ&apos;。</translation>
    </message>
    <message>
        <source>Long-term decay: RoFormer&apos;s relative upper bound, d = 128</source>
        <translation>远程衰减：RoFormer 的相对上界，d = 128</translation>
    </message>
    <message>
        <source>The bound (1/(d/2)) Σ|S_j| on q^T R k for relative distance Δ up to 256 decays with distance (it is an upper bound, not an attention score).</source>
        <translation>在相对距离 Δ ≤ 256 的范围内，q^T R k 的上界 (1/(d/2)) Σ|S_j| 随距离衰减（这是上界，不是注意力分数）。</translation>
    </message>
    <message>
        <source>Position Interpolation vs extrapolation: per-pair wavelengths, s = 8</source>
        <translation>位置插值与外推：各维度对的波长，s = 8</translation>
    </message>
    <message>
        <source>YaRN&apos;s three frequency bands, s = 16, L0 = 4096</source>
        <translation>YaRN 的三个频段，s = 16，L0 = 4096</translation>
    </message>
    <message>
        <source>Pairs whose wavelength is short against L0 (r &gt; β = 32) are kept, long ones (r &lt; α = 1) are interpolated by s, and a linear ramp blends the band between.</source>
        <translation>波长相对 L0 较短的维度对（r &gt; β = 32）保持不变，较长的（r &lt; α = 1）按 s 插值，中间的频段由线性斜坡过渡。</translation>
    </message>
    <message>
        <source>Llama 3.1 frequency bands, s = 8, L0 = 8192</source>
        <translation>Llama 3.1 的频段，s = 8，L0 = 8192</translation>
    </message>
    <message>
        <source>Wavelengths below L0/high_freq_factor kept, above L0/low_freq_factor stretched 8 times (frequency divided by 8), smooth blend between.</source>
        <translation>波长小于 L0/high_freq_factor 的维度对保持不变，波长大于 L0/low_freq_factor 的维度对频率除以 8（波长拉长到 8 倍），中间平滑过渡。</translation>
    </message>
    <message>
        <source>Base lower bound and critical dimension for a 4096-token context</source>
        <translation>上下文长度为 4096 时的基数下界与临界维度</translation>
    </message>
    <message>
        <source>Liu et al.&apos;s critical dimension (pairs that complete a full turn within the training length are trained on every angle) and Men et al.&apos;s lower bound on the base against the context length (their Fig. 1), with RoPE&apos;s base as a point.</source>
        <translation>Liu 等人的临界维度（在训练长度内转满一圈的维度对在训练中见过所有角度）与 Men 等人的基数下界随上下文长度的变化（其图 1），RoPE 的基数画为一个点。</translation>
    </message>
    <message>
        <source>Attention entropy vs context length: RoPE, PI, YaRN (s = 8)</source>
        <translation>注意力熵随上下文长度的变化：RoPE、PI、YaRN（s = 8）</translation>
    </message>
    <message>
        <source>ALiBi: the bias added to the attention scores (head 0 of 8)</source>
        <translation>ALiBi：加到注意力分数上的偏置（注意力头 0，共 8 个头）</translation>
    </message>
    <message>
        <source>Each head adds -m_h (i - j) to the score of query i and key j; future keys are masked. Head 0 has the steepest slope, m = 1/2.</source>
        <translation>每个头把 -m_h (i - j) 加到查询 i 与键 j 的分数上；未来的键被屏蔽。注意力头 0 的斜率最陡，m = 1/2。</translation>
    </message>
    <message>
        <source>ALiBi slopes per head: the bias against distance, 8 heads</source>
        <translation>ALiBi 各头的斜率：偏置随距离的变化，8 个头</translation>
    </message>
    <message>
        <source>One line per head: the bias -m_h Δ with slopes m_h = 2^(-8(h+1)/H), a geometric sequence from 1/2 (head 0, attends locally) to 1/256 (head 7, sees far).</source>
        <translation>每个头一条线：偏置 -m_h Δ，斜率 m_h = 2^(-8(h+1)/H) 为等比数列，从 1/2（头 0，关注局部）到 1/256（头 7，看得远）。</translation>
    </message>
    <message>
        <source>T5 relative bias buckets (32 buckets, max distance 128)</source>
        <translation>T5 相对位置偏置的桶（32 个桶，最大距离 128）</translation>
    </message>
    <message>
        <source>Bucket index against relative distance: one bucket per distance below 8, logarithmic buckets up to max_distance, the last bucket beyond (16 buckets per direction when bidirectional).</source>
        <translation>桶编号随相对距离的变化：距离小于 8 时每个距离一个桶，到 max_distance 为止按对数分桶，更远的都归入最后一个桶（双向时每个方向 16 个桶）。</translation>
    </message>
    <message>
        <source>PI divides every frequency by s, so positions beyond the training length L0 = 4096 map back inside the trained range (interpolation) instead of reaching unseen angles (extrapolation, plain RoPE). The lines mark L0 and s·L0.</source>
        <translation>PI 把每个频率除以 s，于是超出训练长度 L0 = 4096 的位置被映射回训练过的范围（插值），而不是到达未见过的角度（外推，即普通 RoPE）。横线标出 L0 与 s·L0。</translation>
    </message>
    <message>
        <source>FLUX&apos;s three axes</source>
        <translation>FLUX 的三个轴</translation>
    </message>
    <message>
        <source>FLUX.1-dev splits each head&apos;s 128 channels into three axes, 16 + 56 + 56: t (the first id, 0 on every image token: it never turns on the image), h (rows) and w (columns), each with its own wavelengths. At 2x the resolution (128x128 tokens) the shaded pairs of h and w meet angles never seen at 64x64.</source>
        <translation>FLUX.1-dev 把每个注意力头的 128 个通道分给三个轴，16 + 56 + 56：t（第一个编号，在每个图像词元上都是 0：它在图像上从不旋转）、h（行）和 w（列），各有自己的波长。在 2 倍分辨率（128×128 个词元）下，h 和 w 上带阴影的维度对会遇到 64×64 时从未见过的角度。</translation>
    </message>
    <message>
        <source>Why RIFLEx changes one component</source>
        <translation>为什么 RIFLEx 只改一个分量</translation>
    </message>
    <message>
        <source>HunyuanVideo&apos;s time axis for 66 latent frames (2x its 33): RIFLEx moves only component k = 4 (counted from 1: pair 3 in the figure), whose period N_k = 50 frames lies between the trained and the target length, to 0.9*2*pi/66 (dashed), so that it does not finish a turn and repeat the video; the other components stay.</source>
        <translation>HunyuanVideo 生成 66 个潜空间帧（训练时 33 帧的 2 倍）时的时间轴：RIFLEx 只调整分量 k = 4（从 1 计，即图中的维度对 3）——它的周期 N_k = 50 帧介于训练长度与目标长度之间——把它的频率设为 0.9*2*pi/66（虚线），使它转不满一圈，视频就不会重复；其余分量不变。</translation>
    </message>
    <message>
        <source>Qwen-Image&apos;s centred grid</source>
        <translation>Qwen-Image 的居中网格</translation>
    </message>
    <message>
        <source>Qwen-Image numbers image tokens from the centre: rows and columns run from -ceil(H/2) to floor(H/2) - 1 (x axis), so the angle of every pair is 0 on the middle column, not on the left edge as in FLUX; its text tokens continue after the largest id.</source>
        <translation>Qwen-Image 从中心开始给图像词元编号：行和列从 -ceil(H/2) 到 floor(H/2) - 1（x 轴），所以每个维度对的角度在中间一列为 0，而不是像 FLUX 那样在左边缘；它的文本词元接在最大编号之后继续。</translation>
    </message>
    <message>
        <source>Each curve is the attention entropy of the last query minus RoPE&apos;s at the same context length n (RoPE is the line 0). Up to about the training length L0 = 4096 interpolation (PI) spreads attention more than RoPE; YaRN&apos;s temperature √(1/t_YaRN) = 0.1 ln s + 1 multiplies every logit by 1/t_YaRN = 1.46 at s = 8 and brings its entropy back to within a hundredth of a nat of RoPE&apos;s at L0. Beyond L0, RoPE (outside its training range) nears uniform attention and the scaled methods lie below it. The score model is expected-similar with σ² = 0.25 (stated on the figure); with q = k = 1 (all-ones, √d at Δ = 0) the temperature would move H by nats.</source>
        <translation>每条曲线为最后一个查询的注意力熵减去同一上下文长度 n 处 RoPE 的注意力熵（RoPE 为 0 这条线）。在训练长度 L0 = 4096 附近及以内，插值（PI）使注意力比 RoPE 更分散；YaRN 的温度 √(1/t_YaRN) = 0.1 ln s + 1 在 s = 8 时把每个 logit 乘以 1/t_YaRN = 1.46，在 L0 处把熵拉回到与 RoPE 相差不到百分之一奈特。超过 L0 后，RoPE（已超出其训练范围）接近均匀注意力，缩放方法都低于它。分数模型为“期望相似（expected-similar）”，σ² = 0.25（图上注明）；若取 q = k = 1（“全 1 向量（all-ones）”，Δ = 0 处为 √d），温度会使 H 改变若干奈特。</translation>
    </message>
</context>
<context>
    <name>posenc::params</name>
    <message>
        <source>M-RoPE</source>
        <translation>M-RoPE（多模态 RoPE）</translation>
    </message>
    <message>
        <source>M-RoPE (interleaved)</source>
        <translation>交错 M-RoPE</translation>
    </message>
    <message>
        <source>Qwen3-VL: pairs carry t, h, w in turn (THWTHW...), each rotated by that id of the token.</source>
        <translation>Qwen3-VL：维度对轮流承载 t、h、w（THWTHW…），各按词元的相应编号旋转。</translation>
    </message>
    <message>
        <source>Qwen2-VL: pairs split into t, h, w sections (mrope_section), each rotated by that id.</source>
        <translation>Qwen2-VL：维度对按 mrope_section 分成 t、h、w 三段，各按相应编号旋转。</translation>
    </message>
    <message>
        <source>mrope-section</source>
        <translation>M-RoPE 分段</translation>
    </message>
    <message>
        <source>Pairs per stream t, h, w (HF mrope_section); h sits at pairs 1, 4, ... below 3*s_h, w at 2, 5, ... below 3*s_w, t elsewhere.</source>
        <translation>t、h、w 各路的维度对个数（HF mrope_section）；h 占索引小于 3*s_h 的维度对 1、4、…，w 占索引小于 3*s_w 的维度对 2、5、…，其余为 t。</translation>
    </message>
    <message>
        <source>Pairs per stream t, h, w (HF mrope_section), in this order; they must add up to d_rot/2.</source>
        <translation>依次为 t、h、w 三路的维度对个数（HF mrope_section）；总和必须等于 d_rot/2。</translation>
    </message>
    <message>
        <source>token layout</source>
        <translation>词元布局</translation>
    </message>
    <message>
        <source>Tokens as text:N, image:HxW (patch grid), video:TxHxW[@FPS], comma-separated; (t, h, w) ids as HF get_rope_index gives them. Unset: text only (ids = token index, the same as RoPE).</source>
        <translation>词元布局：text:N、image:HxW（图块网格）、video:TxHxW[@FPS]，以逗号分隔；(t, h, w) 编号与 HF get_rope_index 给出的相同。未指定：纯文本（编号 = 词元序号，与 RoPE 相同）。</translation>
    </message>
    <message>
        <source>position-rule</source>
        <translation>位置规则</translation>
    </message>
    <message>
        <source>How video ids advance: qwen2-vl t += 1 per temporal patch; qwen2.5-vl t += tokens_per_second * int(temporal_patch_size / fps); qwen3-vl (and GLM-4V) one grid per temporal patch, each starting a new block.</source>
        <translation>视频编号如何递增：qwen2-vl 每个时间图块 t 加 1；qwen2.5-vl t 加 tokens_per_second * int(temporal_patch_size / fps)；qwen3-vl（及 GLM-4V）每个时间图块单独成一个网格，每个网格都像一张新图像那样另起一段编号。</translation>
    </message>
    <message>
        <source>qwen2-vl</source>
        <translation>Qwen2-VL 规则（qwen2-vl）</translation>
    </message>
    <message>
        <source>qwen2.5-vl</source>
        <translation>Qwen2.5-VL 规则（qwen2.5-vl）</translation>
    </message>
    <message>
        <source>qwen3-vl</source>
        <translation>Qwen3-VL / GLM-4V 规则（qwen3-vl）</translation>
    </message>
    <message>
        <source>spatial-merge-size</source>
        <translation>空间合并大小</translation>
    </message>
    <message>
        <source>HF vision_config.spatial_merge_size.</source>
        <translation>HF vision_config.spatial_merge_size（每边合并为一个词元的图块数）。</translation>
    </message>
    <message>
        <source>patches</source>
        <translation>图块</translation>
    </message>
    <message>
        <source>tokens-per-second</source>
        <translation>每秒词元数</translation>
    </message>
    <message>
        <source>Qwen2.5-VL vision_config.tokens_per_second.</source>
        <translation>Qwen2.5-VL 的 vision_config.tokens_per_second（每秒词元数）。</translation>
    </message>
    <message>
        <source>temporal-patch-size</source>
        <translation>时间图块大小</translation>
    </message>
    <message>
        <source>HF vision_config.temporal_patch_size.</source>
        <translation>HF vision_config.temporal_patch_size（每个时间图块的帧数）。</translation>
    </message>
    <message>
        <source>frames</source>
        <translation>帧</translation>
    </message>
    <message>
        <source>su-log512</source>
        <translation>苏剑林 log₅₁₂ n（su-log512）</translation>
    </message>
    <message>
        <source>llama4-nope</source>
        <translation>Llama 4 NoPE 温度（llama4-nope）</translation>
    </message>
    <message>
        <source>llama4-scaling-beta</source>
        <translation>Mistral 随位置变化的查询温度（llama4-scaling-beta）</translation>
    </message>
    <message>
        <source>RoPE</source>
        <translation>RoPE</translation>
    </message>
    <message>
        <source>Rotary position embedding: rotate channel pairs by m*theta_i, theta_i = base^(-2i/d_rot).</source>
        <translation>旋转位置编码：将每个维度对旋转 m·θᵢ，θᵢ = base^(−2i/d_rot)。</translation>
    </message>
    <message>
        <source>head-dim</source>
        <translation>头维度</translation>
    </message>
    <message>
        <source>Channels per attention head (even).</source>
        <translation>每个注意力头的通道数（偶数）。</translation>
    </message>
    <message>
        <source>channels</source>
        <translation>通道</translation>
    </message>
    <message>
        <source>base</source>
        <translation>基数</translation>
    </message>
    <message>
        <source>RoPE base b (HF rope_theta): theta_i = b^(-2i/d_rot). Must be &gt; 1.</source>
        <translation>RoPE 基数 b（HF rope_theta）：θᵢ = b^(−2i/d_rot)。必须 &gt; 1。</translation>
    </message>
    <message>
        <source>partial-rotary-factor</source>
        <translation>部分旋转比例</translation>
    </message>
    <message>
        <source>Fraction of head channels that rotate: d_rot = int(head_dim * factor). The rest pass through unrotated (GPT-NeoX 0.25).</source>
        <translation>参与旋转的通道比例：d_rot = int(head_dim × 比例)。其余通道不旋转、保持原值（GPT-NeoX 为 0.25）。</translation>
    </message>
    <message>
        <source>pairing</source>
        <translation>配对方式</translation>
    </message>
    <message>
        <source>Channel pairing: half = (j, j + d_rot/2) as GPT-NeoX / HF LLaMA rotate_half; interleaved = (2j, 2j+1) as GPT-J / RoFormer / Meta LLaMA.</source>
        <translation>通道配对：前后半配对（half）= (j, j + d_rot/2)，如 GPT-NeoX / HF LLaMA 的 rotate_half；交错配对（interleaved）= (2j, 2j+1)，如 GPT-J / RoFormer / Meta LLaMA。</translation>
    </message>
    <message>
        <source>engine</source>
        <translation>引擎</translation>
    </message>
    <message>
        <source>Whose conventions: hf = transformers (its eras); llama.cpp = ggml&apos;s kernel and llama.cpp&apos;s context (freq_scale, ext_factor, corr dims always rounded, its own mscale); vllm = vLLM&apos;s rotary_embedding classes (static dynamic NTK, LongRoPE long factors by max_model_len, DeepSeek mscale defaults); sglang = SGLang&apos;s (static dynamic NTK at factor x L0, attention_factor not read); mlx = MLX-LM&apos;s rope_utils.py (LongRoPE long factors always, YaRN bounds always rounded); ort-genai = the ONNX Runtime GenAI builder&apos;s baked caches (YaRN bounds never rounded, mscale verbatim, no dynamic NTK).</source>
        <translation>采用谁的约定：Hugging Face transformers（hf）= 按 transformers 各版本时期的代码；llama.cpp 引擎（llama.cpp）= ggml 内核与 llama.cpp 上下文（freq_scale、ext_factor、修正维度总是取整、自有的 mscale）；vLLM 引擎（vllm）= vLLM 的 rotary_embedding 类（动态 NTK 的基数只按 max_model_len 算一次、按 max_model_len 选择 LongRoPE 长因子、DeepSeek 的 mscale 默认值）；SGLang 引擎（sglang）= SGLang 的类（动态 NTK 按 factor × L0 算一次基数，不读取 attention_factor）；MLX-LM 引擎（mlx）= MLX-LM 的 rope_utils.py（LongRoPE 总用长因子，YaRN 边界总是取整）；ONNX Runtime GenAI 引擎（ort-genai）= ONNX Runtime GenAI 构建器写入模型的缓存（YaRN 边界从不取整，mscale 原样使用，没有动态 NTK）。</translation>
    </message>
    <message>
        <source>llama.cpp</source>
        <translation>llama.cpp 引擎（llama.cpp）</translation>
    </message>
    <message>
        <source>vllm</source>
        <translation>vLLM 引擎（vllm）</translation>
    </message>
    <message>
        <source>sglang</source>
        <translation>SGLang 引擎（sglang）</translation>
    </message>
    <message>
        <source>mlx</source>
        <translation>MLX-LM 引擎（mlx）</translation>
    </message>
    <message>
        <source>ort-genai</source>
        <translation>ONNX Runtime GenAI 引擎（ort-genai）</translation>
    </message>
    <message>
        <source>arithmetic</source>
        <translation>运算方式</translation>
    </message>
    <message>
        <source>f64 = the engine&apos;s formulas in exact float64; engine = its own float32 arithmetic (ggml: theta by repeated float32 multiplication), so rounding can be told from semantics.</source>
        <translation>精确 float64（f64）= 用精确的 float64 计算该引擎的公式；引擎自身的 float32 运算（engine）= 按该引擎的实际做法以 float32 计算（ggml：θ 由逐次 float32 乘法得到），从而把舍入误差与语义差异区分开。</translation>
    </message>
    <message>
        <source>f64</source>
        <translation>精确 float64（f64）</translation>
    </message>
    <message>
        <source>max-model-len</source>
        <translation>服务上下文长度</translation>
    </message>
    <message>
        <source>The served context length, fixed while the engine runs (vLLM max_model_len, llama.cpp n_ctx per sequence). Unset = factor x L0. HF ignores it.</source>
        <translation>服务时的上下文长度，在推理引擎运行期间固定不变（vLLM 的 max_model_len、llama.cpp 每个序列的 n_ctx）。未指定 = factor × L0。HF 不使用它。</translation>
    </message>
    <message>
        <source>half</source>
        <translation>前后半（half）</translation>
    </message>
    <message>
        <source>interleaved</source>
        <translation>交错（interleaved）</translation>
    </message>
    <message>
        <source>Position Interpolation</source>
        <translation>位置插值（PI）</translation>
    </message>
    <message>
        <source>Linear position interpolation: every frequency divided by the scale, theta&apos;_i = theta_i / s.</source>
        <translation>线性位置插值：每个频率都除以缩放因子，θ′ᵢ = θᵢ / s。</translation>
    </message>
    <message>
        <source>factor s</source>
        <translation>缩放因子 s</translation>
    </message>
    <message>
        <source>Context scale s = new length / original length (HF rope_scaling.factor). Must be &gt;= 1.</source>
        <translation>上下文缩放因子 s = 新长度 / 原长度（HF rope_scaling.factor）。必须 ≥ 1。</translation>
    </message>
    <message>
        <source>NTK-aware</source>
        <translation>NTK-aware</translation>
    </message>
    <message>
        <source>Raise the base to base*s^(d_rot/(d_rot-2)): the lowest frequency is divided by s, the highest kept.</source>
        <translation>把基数增大为 base·s^(d_rot/(d_rot−2))：最低频率除以 s，最高频率保持不变。</translation>
    </message>
    <message>
        <source>Dynamic NTK</source>
        <translation>动态 NTK</translation>
    </message>
    <message>
        <source>NTK-aware base recomputed for the current sequence length l (HF/emozilla formula or the YaRN paper&apos;s s = max(1, l/L0)).</source>
        <translation>按当前序列长度 l 重新计算 NTK-aware 基数（HF/emozilla 公式，或 YaRN 论文的 s = max(1, l/L0)）。</translation>
    </message>
    <message>
        <source>original length L0</source>
        <translation>原始长度 L0</translation>
    </message>
    <message>
        <source>Original (pre-extension) context length L0 (HF original_max_position_embeddings). For the HF formula this is max_position_embeddings.</source>
        <translation>扩展前的原始上下文长度 L0（HF original_max_position_embeddings）。对 HF 公式而言即 max_position_embeddings。</translation>
    </message>
    <message>
        <source>positions</source>
        <translation>位置</translation>
    </message>
    <message>
        <source>seq-len</source>
        <translation>序列长度</translation>
    </message>
    <message>
        <source>Current sequence length l. HF uses l = max(seq-len, L0); 0 means no sequence yet (l = L0, base unchanged).</source>
        <translation>当前序列长度 l。HF 取 l = max(seq-len, L0)；0 表示尚无序列（l = L0，基数不变）。</translation>
    </message>
    <message>
        <source>dynamic-formula</source>
        <translation>动态公式</translation>
    </message>
    <message>
        <source>hf</source>
        <translation>HF 公式（hf）</translation>
    </message>
    <message>
        <source>paper</source>
        <translation>论文（paper）</translation>
    </message>
    <message>
        <source>NTK-by-parts</source>
        <translation>NTK-by-parts（分段插值）</translation>
    </message>
    <message>
        <source>Per-pair blend of theta and theta/s by the ramp gamma(r), r = L0/lambda turns in the original context (paper Def. 2).</source>
        <translation>按斜坡函数 γ(r) 对每个维度对混合 θ 与 θ/s，r = L0/λ 为原始上下文中的旋转圈数（论文定义 2）。</translation>
    </message>
    <message>
        <source>Original (pre-extension) context length L0 (HF original_max_position_embeddings).</source>
        <translation>扩展前的原始上下文长度 L0（HF original_max_position_embeddings）。</translation>
    </message>
    <message>
        <source>alpha</source>
        <translation>α 阈值</translation>
    </message>
    <message>
        <source>Lower rotation-count threshold: pairs making fewer than alpha turns in L0 are fully interpolated (theta/s).</source>
        <translation>α 阈值（圈数）：在 L0 内转不到 α 圈的维度对完全插值（θ/s）。</translation>
    </message>
    <message>
        <source>rotations</source>
        <translation>圈</translation>
    </message>
    <message>
        <source>beta</source>
        <translation>β 阈值</translation>
    </message>
    <message>
        <source>Upper rotation-count threshold: pairs making more than beta turns in L0 keep theta.</source>
        <translation>β 阈值（圈数）：在 L0 内转超过 β 圈的维度对保持 θ 不变。</translation>
    </message>
    <message>
        <source>Part-NTK (legacy, pre-paper)</source>
        <translation>Part-NTK（旧版，论文发表之前）</translation>
    </message>
    <message>
        <source>The YaRN repo&apos;s first &apos;NTK-by-parts&apos;: blend PI and NTK-aware by an index ramp between beta0 and beta1 turns, then blend the result with theta between gamma0 and gamma1 turns.</source>
        <translation>YaRN 仓库最早的“NTK-by-parts”：先在 β0 与 β1 圈之间用索引斜坡混合 PI 与 NTK-aware，再在 γ0 与 γ1 圈之间把结果与 θ 混合。</translation>
    </message>
    <message>
        <source>beta0</source>
        <translation>β0</translation>
    </message>
    <message>
        <source>beta1</source>
        <translation>β1</translation>
    </message>
    <message>
        <source>gamma0</source>
        <translation>γ0</translation>
    </message>
    <message>
        <source>NTK/theta blend: pairs with more turns than this keep theta.</source>
        <translation>NTK/θ 混合：圈数多于此值的维度对保持 θ。</translation>
    </message>
    <message>
        <source>gamma1</source>
        <translation>γ1</translation>
    </message>
    <message>
        <source>NTK/theta blend: pairs with fewer turns than this use the PI/NTK blend.</source>
        <translation>NTK/θ 混合：圈数少于此值的维度对使用 PI/NTK 混合结果。</translation>
    </message>
    <message>
        <source>YaRN</source>
        <translation>YaRN</translation>
    </message>
    <message>
        <source>NTK-by-parts frequencies plus attention temperature: cos and sin scaled by sqrt(1/t) = 0.1 ln s + 1 (or the DeepSeek mscale rule).</source>
        <translation>NTK-by-parts 频率加注意力温度：cos 和 sin 乘以 √(1/t) = 0.1 ln s + 1（或 DeepSeek 的 mscale 规则）。</translation>
    </message>
    <message>
        <source>truncate</source>
        <translation>取整</translation>
    </message>
    <message>
        <source>Round the ramp&apos;s index bounds down/up to integers (reference code default).</source>
        <translation>把斜坡的索引边界向下/向上取整（参考代码的默认做法）。</translation>
    </message>
    <message>
        <source>ramp</source>
        <translation>斜坡</translation>
    </message>
    <message>
        <source>index: reference code (HF, YaRN repo), linear in the pair index; paper: Eq. 18, linear in r = L0/lambda. They differ by up to 3x mid-band.</source>
        <translation>索引（index）：参考代码（HF、YaRN 仓库），对维度对索引线性；论文（paper）：式 18，对 r = L0/λ 线性。中间频段两者最多相差 3 倍。</translation>
    </message>
    <message>
        <source>index</source>
        <translation>索引（index）</translation>
    </message>
    <message>
        <source>mscale</source>
        <translation>mscale</translation>
    </message>
    <message>
        <source>mscale-all-dim</source>
        <translation>mscale-all-dim</translation>
    </message>
    <message>
        <source>attention-factor</source>
        <translation>注意力因子</translation>
    </message>
    <message>
        <source>Explicit attention factor (multiplies cos and sin); overrides the mscale rules. Leave unset for the default.</source>
        <translation>显式注意力因子（乘到 cos 和 sin 上）；优先于 mscale 规则。不指定则用默认值。</translation>
    </message>
    <message>
        <source>Llama 3 scaling</source>
        <translation>Llama 3 缩放</translation>
    </message>
    <message>
        <source>Keep wavelengths below L0/beta, stretch those above L0/alpha s times (frequency divided by s), blend in between (linear in L0/lambda).</source>
        <translation>波长小于 L0/β 的维度对保持不变；波长大于 L0/α 的维度对频率除以 s（波长拉长到 s 倍）；中间混合（对 L0/λ 线性）。</translation>
    </message>
    <message>
        <source>LongRoPE</source>
        <translation>LongRoPE</translation>
    </message>
    <message>
        <source>Searched per-pair rescale factors: theta&apos;_i = theta_i / ext_i, ext = long factors when seq-len &gt; L0, else short factors.</source>
        <translation>搜索得到的逐维度对的缩放因子：θ′ᵢ = θᵢ / extᵢ；seq-len &gt; L0 时 ext 取长因子，否则取短因子。</translation>
    </message>
    <message>
        <source>Context scale s = new length / original length (HF rope_scaling.factor). Must be &gt;= 1. Sets the default attention factor sqrt(1 + ln s / ln L0).</source>
        <translation>上下文缩放因子 s = 新长度 / 原长度（HF rope_scaling.factor）。必须 ≥ 1。决定默认注意力因子 √(1 + ln s / ln L0)。</translation>
    </message>
    <message>
        <source>Current sequence length: long factors are used iff seq-len &gt; L0 (current HF).</source>
        <translation>当前序列长度：当且仅当 seq-len &gt; L0 时使用长因子（当前 HF 版本）。</translation>
    </message>
    <message>
        <source>short-factor</source>
        <translation>短因子</translation>
    </message>
    <message>
        <source>Per-pair rescale factors for short contexts (d_rot/2 entries, each &gt; 0). Empty = all 1.</source>
        <translation>短上下文的逐维度对的缩放因子（d_rot/2 个，均 &gt; 0）。留空 = 全为 1。</translation>
    </message>
    <message>
        <source>long-factor</source>
        <translation>长因子</translation>
    </message>
    <message>
        <source>Per-pair rescale factors for long contexts (d_rot/2 entries, each &gt; 0). Empty = all 1.</source>
        <translation>长上下文的逐维度对的缩放因子（d_rot/2 个，均 &gt; 0）。留空 = 全为 1。</translation>
    </message>
    <message>
        <source>Explicit attention factor (multiplies cos and sin). Unset: sqrt(1 + ln s / ln L0) for s &gt; 1, else 1.</source>
        <translation>显式注意力因子（乘到 cos 和 sin 上）。未指定时：s &gt; 1 取 √(1 + ln s / ln L0)，否则为 1。</translation>
    </message>
    <message>
        <source>xPos</source>
        <translation>xPos</translation>
    </message>
    <message>
        <source>RoPE with a per-pair exponential decay: the score of pair i is scaled by zeta_i^(Delta/scale-base), zeta_i = (2i + gamma d)/((1 + gamma) d).</source>
        <translation>每个维度对按指数衰减的 RoPE：维度对 i 的分数乘以 ζᵢ^(Δ/scale-base)，ζᵢ = (2i + γd)/((1 + γ)d)。</translation>
    </message>
    <message>
        <source>gamma</source>
        <translation>γ</translation>
    </message>
    <message>
        <source>Offset gamma in zeta_i = (i/(d/2) + gamma)/(1 + gamma); 0.4 in the paper. Larger = weaker decay.</source>
        <translation>ζᵢ = (i/(d/2) + γ)/(1 + γ) 中的偏移 γ；论文取 0.4。越大衰减越弱。</translation>
    </message>
    <message>
        <source>scale-base</source>
        <translation>衰减尺度</translation>
    </message>
    <message>
        <source>Distance B over which pair i decays by the factor zeta_i (torchscale scale_base).</source>
        <translation>维度对 i 衰减为 ζᵢ 倍所需的距离 B（torchscale scale_base）。</translation>
    </message>
    <message>
        <source>Sinusoidal (absolute)</source>
        <translation>正弦位置编码（绝对）</translation>
    </message>
    <message>
        <source>Fixed sin/cos table added to the embeddings: PE[p,2i] = sin(p w_i), PE[p,2i+1] = cos(p w_i).</source>
        <translation>加到嵌入上的固定正弦/余弦表：PE[p,2i] = sin(p ωᵢ)，PE[p,2i+1] = cos(p ωᵢ)。</translation>
    </message>
    <message>
        <source>d-model</source>
        <translation>模型维度</translation>
    </message>
    <message>
        <source>Model dimension d_model (even).</source>
        <translation>模型维度 d_model（偶数）。</translation>
    </message>
    <message>
        <source>Base of the geometric wavelength progression.</source>
        <translation>波长等比数列的基数。</translation>
    </message>
    <message>
        <source>layout</source>
        <translation>通道布局</translation>
    </message>
    <message>
        <source>interleaved: sin, cos alternate (Vaswani); concatenated: [sin... | cos...] (tensor2tensor, fairseq, Transformer-XL).</source>
        <translation>交错（interleaved）：sin 与 cos 交替（Vaswani）；拼接（concatenated）：[sin… | cos…]（tensor2tensor、fairseq、Transformer-XL）。</translation>
    </message>
    <message>
        <source>concatenated</source>
        <translation>拼接（concatenated）</translation>
    </message>
    <message>
        <source>exponent</source>
        <translation>指数形式</translation>
    </message>
    <message>
        <source>2i/d: w_i = base^(-2i/d) (Vaswani); t2t: w_i = base^(-i/(d/2-1)) (tensor2tensor, fairseq, many diffusion timestep embeddings).</source>
        <translation>2i/d：ωᵢ = base^(−2i/d)（Vaswani）；t2t：ωᵢ = base^(−i/(d/2−1))（tensor2tensor、fairseq、许多扩散模型的时间步嵌入）。</translation>
    </message>
    <message>
        <source>2i/d</source>
        <translation>2i/d（Vaswani）</translation>
    </message>
    <message>
        <source>t2t</source>
        <translation>t2t（tensor2tensor）</translation>
    </message>
    <message>
        <source>Learned absolute</source>
        <translation>可学习绝对位置编码</translation>
    </message>
    <message>
        <source>A trainable table of position vectors (GPT-2 wpe, BERT); here its N(0, std^2) initialisation, deterministic per seed.</source>
        <translation>可训练的位置向量表（GPT-2 wpe、BERT）；这里显示其 N(0, std²) 初始化，由随机种子确定。</translation>
    </message>
    <message>
        <source>Model dimension d_model.</source>
        <translation>模型维度 d_model。</translation>
    </message>
    <message>
        <source>max-positions</source>
        <translation>最大位置数</translation>
    </message>
    <message>
        <source>Rows in the table (HF max_position_embeddings / n_positions).</source>
        <translation>表的行数（HF max_position_embeddings / n_positions）。</translation>
    </message>
    <message>
        <source>std</source>
        <translation>标准差</translation>
    </message>
    <message>
        <source>Standard deviation of the initialisation (initializer_range).</source>
        <translation>初始化的标准差（initializer_range）。</translation>
    </message>
    <message>
        <source>seed</source>
        <translation>随机种子</translation>
    </message>
    <message>
        <source>Random seed; the same seed gives the same table on every platform.</source>
        <translation>随机种子；相同的种子在所有平台上给出相同的表。</translation>
    </message>
    <message>
        <source>ALiBi</source>
        <translation>ALiBi</translation>
    </message>
    <message>
        <source>Linear attention bias -m_h (i - j) per head h, slopes a geometric sequence 2^(-8/n).</source>
        <translation>每个注意力头 h 的线性注意力偏置 −m_h (i − j)，斜率为公比 2^(−8/n) 的等比数列。</translation>
    </message>
    <message>
        <source>num-heads</source>
        <translation>注意力头数</translation>
    </message>
    <message>
        <source>Number of attention heads (one slope each).</source>
        <translation>注意力头的数量（每个头一个斜率）。</translation>
    </message>
    <message>
        <source>heads</source>
        <translation>头</translation>
    </message>
    <message>
        <source>causal</source>
        <translation>因果</translation>
    </message>
    <message>
        <source>Causal (decoder) attention: future keys are masked (grey cells). false: the symmetric -m|i-j| of encoder variants.</source>
        <translation>因果（解码器）注意力：屏蔽未来的键（显示为灰色格子）。不勾选（false）：编码器变体的对称偏置 −m|i−j|。</translation>
    </message>
    <message>
        <source>T5 relative bias</source>
        <translation>T5 相对位置偏置</translation>
    </message>
    <message>
        <source>Learned scalar bias per relative-position bucket: exact buckets up to max_exact, then logarithmic up to max-distance.</source>
        <translation>每个相对位置桶一个可学习的标量偏置：max_exact 以内每个距离一个桶，之后按对数分桶直到 max-distance。</translation>
    </message>
    <message>
        <source>num-buckets</source>
        <translation>桶数</translation>
    </message>
    <message>
        <source>relative_attention_num_buckets.</source>
        <translation>relative_attention_num_buckets（相对位置桶数）。</translation>
    </message>
    <message>
        <source>buckets</source>
        <translation>桶</translation>
    </message>
    <message>
        <source>max-distance</source>
        <translation>最大距离</translation>
    </message>
    <message>
        <source>relative_attention_max_distance: distances beyond share the last bucket.</source>
        <translation>relative_attention_max_distance：超过此距离的共用最后一个桶。</translation>
    </message>
    <message>
        <source>bidirectional</source>
        <translation>双向</translation>
    </message>
    <message>
        <source>Encoder (true): separate buckets for keys after the query. Decoder (false): future keys all map to bucket 0.</source>
        <translation>编码器（true）：查询之后的键使用单独的桶。解码器（false）：未来的键都映射到桶 0。</translation>
    </message>
    <message>
        <source>bucket-values</source>
        <translation>桶偏置值</translation>
    </message>
    <message>
        <source>Optional learned bias per bucket (num-buckets numbers). Empty: the bias view shows bucket indices.</source>
        <translation>可选：每个桶一个学到的偏置（个数等于桶数）。留空：矩阵视图“偏置（bias）”显示桶编号。</translation>
    </message>
    <message>
        <source>NoPE (no position encoding)</source>
        <translation>NoPE（无位置编码）</translation>
    </message>
    <message>
        <source>No explicit position signal: the baseline against which every method is compared.</source>
        <translation>没有显式的位置信号：用作所有方法的对比基线。</translation>
    </message>
    <message>
        <source>view length</source>
        <translation>视图长度</translation>
    </message>
    <message>
        <source>Context scale s = new length / original length (HF rope_scaling.factor). Values below 1 are computed as HF computes them, with a warning.</source>
        <translation>上下文缩放因子 s = 新长度 / 原长度（HF rope_scaling.factor）。小于 1 的值按 HF 的方式计算，并给出警告。</translation>
    </message>
    <message>
        <source>Context scale s = new length / original length (HF rope_scaling.factor). Values below 1 are computed as HF computes them, with a warning. Sets the default attention factor sqrt(1 + ln s / ln L0).</source>
        <translation>上下文缩放因子 s = 新长度 / 原长度（HF rope_scaling.factor）。小于 1 的值按 HF 的方式计算，并给出警告。决定默认注意力因子 √(1 + ln s / ln L0)。</translation>
    </message>
    <message>
        <source>factor-set</source>
        <translation>因子组</translation>
    </message>
    <message>
        <source>Which list rescales: auto = long iff seq-len &gt; L0 (current HF); short/long force one (older HF releases chose differently, see --hf-era).</source>
        <translation>使用哪一组因子：自动（auto）= 当且仅当 seq-len &gt; L0 时用长因子（当前 HF）；短（short）/ 长（long）强制使用其中一组（较早的 HF 版本选择方式不同，见 --hf-era）。</translation>
    </message>
    <message>
        <source>auto</source>
        <translation>自动（auto）</translation>
    </message>
    <message>
        <source>short</source>
        <translation>短（short）</translation>
    </message>
    <message>
        <source>long</source>
        <translation>长（long）</translation>
    </message>
    <message>
        <source>Proportional RoPE</source>
        <translation>按比例 RoPE（proportional）</translation>
    </message>
    <message>
        <source>First int(p*head_dim/2) pairs rotate at base^(-2i/head_dim) (exponent over head_dim, not d_rot), the rest at frequency 0; all divided by the factor.</source>
        <translation>前 int(p·head_dim/2) 个维度对以频率 base^(−2i/head_dim) 旋转（指数以 head_dim 为分母，而不是 d_rot），其余维度对频率为 0；全部再除以缩放因子。</translation>
    </message>
    <message>
        <source>Every frequency is divided by it (HF rope_parameters.factor, default 1). Values below 1 are computed as HF computes them, with a warning.</source>
        <translation>每个频率都除以它（HF rope_parameters.factor，默认 1）。小于 1 的值按 HF 的方式计算，并给出警告。</translation>
    </message>
    <message>
        <source>A trainable table of position vectors (GPT-2 wpe, BERT): read from a file (--input), or its N(0, std^2) initialisation, deterministic per seed.</source>
        <translation>可训练的位置向量表（GPT-2 wpe、BERT）：从文件读取（--input），或使用其 N(0, std²) 初始化，由随机种子确定。</translation>
    </message>
    <message>
        <source>table file</source>
        <translation>表文件</translation>
    </message>
    <message>
        <source>A trained table: FILE.npy, FILE.csv or FILE.safetensors[:TENSOR] (rows = positions, columns = channels; float16/bfloat16/float32/float64). When set, it replaces the generated table and d-model, max-positions, std and seed are not used.</source>
        <translation>训练好的表：FILE.npy、FILE.csv 或 FILE.safetensors[:TENSOR]（行 = 位置，列 = 通道；float16/bfloat16/float32/float64）。指定后将取代生成的表，不再使用模型维度、最大位置数、标准差和随机种子。</translation>
    </message>
    <message>
        <source>all 1</source>
        <translation>全为 1</translation>
    </message>
    <message>
        <source>bucket indices, not a bias</source>
        <translation>桶编号，不是偏置</translation>
    </message>
    <message>
        <source>Matrix</source>
        <translation>矩阵</translation>
    </message>
    <message>
        <source>matrix view of the primary method (pe, cos, sin, angle, rotated, bias; auto: the method&apos;s first)</source>
        <translation>主方法的矩阵视图（位置编码、余弦、正弦、旋转角、旋转后、偏置；自动（auto）：该方法的第一个视图）</translation>
    </message>
    <message>
        <source>pe</source>
        <translation>位置编码（pe）</translation>
    </message>
    <message>
        <source>cos</source>
        <translation>余弦（cos）</translation>
    </message>
    <message>
        <source>sin</source>
        <translation>正弦（sin）</translation>
    </message>
    <message>
        <source>angle</source>
        <translation>旋转角（angle）</translation>
    </message>
    <message>
        <source>rotated</source>
        <translation>旋转后（rotated）</translation>
    </message>
    <message>
        <source>bias</source>
        <translation>偏置（bias）</translation>
    </message>
    <message>
        <source>Pixels</source>
        <translation>像素</translation>
    </message>
    <message>
        <source>mean</source>
        <translation>平均（mean）</translation>
    </message>
    <message>
        <source>point</source>
        <translation>点采样（point）</translation>
    </message>
    <message>
        <source>Show</source>
        <translation>显示</translation>
    </message>
    <message>
        <source>primary</source>
        <translation>主方法</translation>
    </message>
    <message>
        <source>side-by-side</source>
        <translation>并排</translation>
    </message>
    <message>
        <source>difference</source>
        <translation>差值</translation>
    </message>
    <message>
        <source>Head</source>
        <translation>注意力头</translation>
    </message>
    <message>
        <source>attention head of the bias view</source>
        <translation>矩阵视图“偏置（bias）”的注意力头</translation>
    </message>
    <message>
        <source>Probe</source>
        <translation>探针</translation>
    </message>
    <message>
        <source>probe vector x of the rotated view (head-dim entries; empty: [1...1, -1...-1])</source>
        <translation>矩阵视图“旋转后（rotated）”的探针向量 x（分量个数等于头维度；空：[1…1, −1…−1]）</translation>
    </message>
    <message>
        <source>Partner</source>
        <translation>对照方法</translation>
    </message>
    <message>
        <source>side by side / difference: the compared method (id) shown beside or subtracted from the primary (empty: the first compared method)</source>
        <translation>并排 / 差值：与主方法并排显示或从主方法中减去的参与对比的方法（填方法标识符；空：第一个参与对比的方法）</translation>
    </message>
    <message>
        <source>first compared</source>
        <translation>第一个参与对比的方法</translation>
    </message>
    <message>
        <source>Attention factor</source>
        <translation>注意力因子</translation>
    </message>
    <message>
        <source>side by side / difference: cos and sin include each method&apos;s attention factor a (YaRN&apos;s sqrt(1/t)); false: the bare rotation, so that RoPE - YaRN is 0 on the pairs YaRN keeps</source>
        <translation>并排 / 差值：cos 与 sin 含每个方法的注意力因子 a（YaRN 的 √(1/t)）；不勾选：只有旋转本身，此时 RoPE − YaRN 在 YaRN 保持 θ 不变的维度对上为 0</translation>
    </message>
    <message>
        <source>Curve</source>
        <translation>曲线</translation>
    </message>
    <message>
        <source>auto: the natural curve for each kind of method; roformer-bound: the relative upper bound of RoFormer Fig. 2; similar-token: sum cos(delta theta_i) (Men et al.); all-ones: the score of q = k = 1; random-qk: mean score of correlated random vectors</source>
        <translation>自动（auto）：各类方法各自最合适的曲线；RoFormer 上界（roformer-bound）：RoFormer 图 2 的相对上界；相似词元（similar-token）：Σ cos(Δ·θ_i)（Men 等）；全 1 向量（all-ones）：q = k = 1 时的分数；随机 q、k（random-qk）：相关随机向量的平均分数</translation>
    </message>
    <message>
        <source>roformer-bound</source>
        <translation>RoFormer 上界（roformer-bound）</translation>
    </message>
    <message>
        <source>similar-token</source>
        <translation>相似词元（similar-token）</translation>
    </message>
    <message>
        <source>all-ones</source>
        <translation>全 1 向量（all-ones）</translation>
    </message>
    <message>
        <source>random-qk</source>
        <translation>随机 q、k（random-qk）</translation>
    </message>
    <message>
        <source>Samples</source>
        <translation>样本数</translation>
    </message>
    <message>
        <source>random q,k draws for the random-qk curve</source>
        <translation>“随机 q、k（random-qk）”曲线的随机抽样次数</translation>
    </message>
    <message>
        <source>Max distance</source>
        <translation>最大距离</translation>
    </message>
    <message>
        <source>distances 0..N-1 (256: RoFormer Fig. 2)</source>
        <translation>距离 0..N−1（256：RoFormer 图 2）</translation>
    </message>
    <message>
        <source>log Δ</source>
        <translation>Δ 用对数轴</translation>
    </message>
    <message>
        <source>distance on a logarithmic axis</source>
        <translation>距离用对数坐标轴</translation>
    </message>
    <message>
        <source>Normalised</source>
        <translation>归一化</translation>
    </message>
    <message>
        <source>each curve divided by its value at distance 0 (one shared axis)</source>
        <translation>每条曲线除以其在距离 0 处的值（共用一个坐标轴）</translation>
    </message>
    <message>
        <source>attention head of bias methods (alibi, t5)</source>
        <translation>偏置类方法（alibi、t5）的注意力头</translation>
    </message>
    <message>
        <source>Temperature</source>
        <translation>温度</translation>
    </message>
    <message>
        <source>method</source>
        <translation>方法自带（method）</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无（none）</translation>
    </message>
    <message>
        <source>log-n</source>
        <translation>Qwen log-n（log-n）</translation>
    </message>
    <message>
        <source>seed-log2</source>
        <translation>log₂ 长度规则（seed-log2）</translation>
    </message>
    <message>
        <source>Score</source>
        <translation>分数模型</translation>
    </message>
    <message>
        <source>all-ones: q = k = 1; expected-similar: E[q^T R k] for k = q + noise, scaled by sigma2</source>
        <translation>全 1 向量（all-ones）：q = k = 1；期望相似（expected-similar）：k = q + 噪声时的 E[qᵀ R k]，按 σ² 缩放</translation>
    </message>
    <message>
        <source>expected-similar</source>
        <translation>期望相似（expected-similar）</translation>
    </message>
    <message>
        <source>sigma²</source>
        <translation>σ²（方差）</translation>
    </message>
    <message>
        <source>variance of the query components (expected-similar)</source>
        <translation>查询向量分量的方差（用于“期望相似（expected-similar）”）</translation>
    </message>
    <message>
        <source>log n</source>
        <translation>n 用对数轴</translation>
    </message>
    <message>
        <source>context length n on a logarithmic axis</source>
        <translation>上下文长度 n 用对数坐标轴</translation>
    </message>
    <message>
        <source>Measure</source>
        <translation>度量</translation>
    </message>
    <message>
        <source>dot</source>
        <translation>点积（dot）</translation>
    </message>
    <message>
        <source>cosine</source>
        <translation>余弦相似度（cosine）</translation>
    </message>
    <message>
        <source>relative-score</source>
        <translation>相对分数（relative-score）</translation>
    </message>
    <message>
        <source>matrix view whose channels are analysed (auto: the method&apos;s first)</source>
        <translation>分析其各通道的矩阵视图（自动：该方法的第一个视图）</translation>
    </message>
    <message>
        <source>matrix view whose position vectors are projected (auto: the method&apos;s position vectors)</source>
        <translation>投影其位置向量的矩阵视图（自动：该方法的位置向量）</translation>
    </message>
    <message>
        <source>Components</source>
        <translation>主成分数</translation>
    </message>
    <message>
        <source>2: PC1 against PC2; 3: the three pairs of components</source>
        <translation>2：PC1 对 PC2；3：三对主成分</translation>
    </message>
    <message>
        <source>Context L</source>
        <translation>上下文长度 L</translation>
    </message>
    <message>
        <source>Train length</source>
        <translation>训练长度</translation>
    </message>
    <message>
        <source>All heads</source>
        <translation>所有头</translation>
    </message>
    <message>
        <source>Query m</source>
        <translation>查询 m</translation>
    </message>
    <message>
        <source>Key n</source>
        <translation>键 n</translation>
    </message>
    <message>
        <source>Pairs</source>
        <translation>维度对个数</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>步长</translation>
    </message>
    <message>
        <source>positions per animation frame (Play, render --frames)</source>
        <translation>每个动画帧前进的位置数（播放，以及 posenc render --frames）</translation>
    </message>
    <message>
        <source>L0 line</source>
        <translation>L0 线</translation>
    </message>
    <message>
        <source>training length L0 drawn (with s·L0) when no compared method has an L0 of its own, e.g. Position Interpolation (unset: none)</source>
        <translation>当参与对比的方法都没有自己的 L0 时（如位置插值），画出训练长度 L0 及 s·L0（未指定：不画）</translation>
    </message>
    <message>
        <source>Rounded</source>
        <translation>舍入对象</translation>
    </message>
    <message>
        <source>what is held in low precision: the positions m (bf16 collide above 256), the frequencies θ_i, the product m θ_i, or all three</source>
        <translation>以低精度保存的量：位置 m（bf16 下从 256 起相邻位置无法区分）、频率 θ_i、乘积 m θ_i，或三者全部</translation>
    </message>
    <message>
        <source>theta</source>
        <translation>θ</translation>
    </message>
    <message>
        <source>product</source>
        <translation>乘积</translation>
    </message>
    <message>
        <source>all</source>
        <translation>全部</translation>
    </message>
    <message>
        <source>transformers modeling_rope_utils.py, v5 era (HEAD %1-%2-%3; older eras: inspect --hf-era)</source>
        <translation>transformers 的 modeling_rope_utils.py，v5 版本时期（HEAD %1-%2-%3；更早的版本时期见 posenc inspect --hf-era）</translation>
    </message>
    <message>
        <source>ggml d99724f2b141 (%1-%2-%3), llama.cpp llama-context.cpp after PR #%4</source>
        <translation>ggml d99724f2b141（%1-%2-%3），llama.cpp 的 llama-context.cpp（PR #%4 之后）</translation>
    </message>
    <message>
        <source>vLLM rotary_embedding/ (base.py 04458da08417, yarn 0cd5784803d8, deepseek 00d678e109f0, phi3 17d618b0f944)</source>
        <translation>vLLM 的 rotary_embedding/（base.py 04458da08417，yarn 0cd5784803d8，deepseek 00d678e109f0，phi3 17d618b0f944）</translation>
    </message>
    <message>
        <source>the engines implement YaRN&apos;s ramp only together with its attention factor (method yarn); ntk-by-parts alone has no rope scaling type there</source>
        <translation>各引擎只在 YaRN 中连同其注意力因子实现这个斜坡（方法 yarn）；单独的 ntk-by-parts 在引擎中没有对应的缩放类型</translation>
    </message>
    <message>
        <source>the engines implement YaRN&apos;s ramp only together with its attention factor (method yarn); part-ntk-legacy alone has no rope scaling type there</source>
        <translation>各引擎只在 YaRN 中连同其注意力因子实现这个斜坡（方法 yarn）；单独的 part-ntk-legacy 在引擎中没有对应的缩放类型</translation>
    </message>
    <message>
        <source>M-RoPE under an engine is not modelled: vLLM&apos;s MRotaryEmbedding selects the t/h/w sections as HF does (mrope.py forward_native), but the (t, h, w) ids of a prompt come from each model&apos;s get_mrope_input_positions, which posenc has not verified; check without --engine (HF&apos;s Qwen2-VL / Qwen3-VL semantics)</source>
        <translation>未对引擎下的 M-RoPE 建模：vLLM 的 MRotaryEmbedding 与 HF 一样选取 t/h/w 分段（mrope.py 的 forward_native），但提示词的 (t, h, w) 编号来自各模型的 get_mrope_input_positions，posenc 尚未核实；请不加 --engine 检查（即 HF 的 Qwen2-VL / Qwen3-VL 语义）</translation>
    </message>
    <message>
        <source>M-RoPE under an engine is not modelled: ggml_mrope_cache_init (ggml src/ggml-cpu/ops.cpp) gives interleaved (IMROPE) pairs outside %1 x mrope_section a fourth position id where HF uses t (Qwen3-VL&apos;s [%2, %3, %4] leaves pairs %5 and %6 to it), and llama.cpp&apos;s own code fills the ids, which posenc has not verified; check without --engine (HF&apos;s Qwen2-VL / Qwen3-VL semantics)</source>
        <translation>未对引擎下的 M-RoPE 建模：在交错排列（IMROPE）下，ggml_mrope_cache_init（ggml 的 src/ggml-cpu/ops.cpp）让 %1 × mrope_section 之外的维度对使用第四路位置编号，而 HF 在这些维度对上用 t（对 Qwen3-VL 的 [%2, %3, %4]，这样的维度对是维度对 %5 和 %6）；这些编号由 llama.cpp 自己的代码填写，posenc 尚未核实；请不加 --engine 检查（即 HF 的 Qwen2-VL / Qwen3-VL 语义）</translation>
    </message>
    <message>
        <source>Gemma %1&apos;s proportional RoPE is not modelled for this engine (its code path was not verified at the pinned revision)</source>
        <translation>未对该引擎下 Gemma %1 的按比例 RoPE 建模（在所固定的版本中未核实其代码路径）</translation>
    </message>
    <message>
        <source>llama.cpp has no NTK-aware scaling type; a converter can only bake base&apos; into freq_base (then it is method rope with that base)</source>
        <translation>llama.cpp 没有 NTK-aware 缩放类型；转换器只能把 base′ 写进 freq_base（此时它就是使用该基数的 rope 方法）</translation>
    </message>
    <message>
        <source>llama.cpp has no dynamic NTK: GGUF rope.scaling.type is none, linear, yarn or longrope</source>
        <translation>llama.cpp 没有动态 NTK：GGUF 的 rope.scaling.type 只有 none、linear、yarn 或 longrope</translation>
    </message>
    <message>
        <source>ggml requires an even n_dims (GGML_ASSERT(n_dims % %1 == %2) in ggml_compute_forward_rope_flt)</source>
        <translation>ggml 要求 n_dims 为偶数（ggml_compute_forward_rope_flt 中的 GGML_ASSERT(n_dims % %1 == %2)）</translation>
    </message>
    <message>
        <source>vLLM&apos;s Phi3LongRoPEScaledRotaryEmbedding only supports neox_style (half pairing)</source>
        <translation>vLLM 的 Phi3LongRoPEScaledRotaryEmbedding 只支持 neox_style（前后半配对）</translation>
    </message>
    <message>
        <source>llama.cpp reads no mscale (%1): its DeepSeek2 context takes mscale = mscale_all_dim, so the rotated channels are not scaled (HF: g(s, mscale)/g(s, mscale_all_dim) = %2)</source>
        <translation>llama.cpp 不读取 mscale（%1）：其 DeepSeek2 上下文取 mscale = mscale_all_dim，因此旋转通道不缩放（HF：g(s, mscale)/g(s, mscale_all_dim) = %2）</translation>
    </message>
    <message>
        <source>llama.cpp&apos;s context overwrites yarn_attn_factor for YaRN, so the explicit attention factor %1 is not used (only rope.scaling.attn_factor multiplies on top; taken as %2)</source>
        <translation>llama.cpp 的上下文会为 YaRN 覆盖 yarn_attn_factor，因此显式的注意力因子 %1 不起作用（只有 rope.scaling.attn_factor 会再乘上去；此处取 %2）</translation>
    </message>
    <message>
        <source>ggml_rope_yarn_corr_dims always floors/ceils the ramp bounds: HF&apos;s truncate = false is not expressible</source>
        <translation>ggml_rope_yarn_corr_dims 总是对斜坡边界向下/向上取整：无法表达 HF 的 truncate = false</translation>
    </message>
    <message>
        <source>ggml&apos;s ramp is linear in the pair index (rope_yarn_ramp); --ramp paper is not expressible and the index ramp is used</source>
        <translation>ggml 的斜坡对维度对索引是线性的（rope_yarn_ramp）；无法表达 --ramp paper，改用按索引的斜坡</translation>
    </message>
    <message>
        <source>Llama %1 scaling reaches ggml as the rope_freqs.weight tensor the converter writes (theta divided per pair); the scaling type is none, so freq_scale = %2</source>
        <translation>Llama %1 缩放以转换器写入的 rope_freqs.weight 张量进入 ggml（每个维度对的 θ 各自除以一个频率因子）；缩放类型为 none，因此 freq_scale = %2</translation>
    </message>
    <message>
        <source>llama.cpp picks rope_factors_long by the context size n_ctx_per_seq = %1 &gt; L0 for every position, not by the current length; the magnitude is the converter&apos;s rope.scaling.attn_factor (taken as HF&apos;s attention factor)</source>
        <translation>llama.cpp 按上下文大小 n_ctx_per_seq = %1 &gt; L0 为所有位置选用 rope_factors_long，而不是按当前长度；幅度取转换器的 rope.scaling.attn_factor（此处取 HF 的注意力因子）</translation>
    </message>
    <message>
        <source>llama.cpp picks rope_factors_short by the context size n_ctx_per_seq = %1 &lt;= L0 for every position, not by the current length; the magnitude is the converter&apos;s rope.scaling.attn_factor (taken as HF&apos;s attention factor)</source>
        <translation>llama.cpp 按上下文大小 n_ctx_per_seq = %1 ≤ L0 为所有位置选用 rope_factors_short，而不是按当前长度；幅度取转换器的 rope.scaling.attn_factor（此处取 HF 的注意力因子）</translation>
    </message>
    <message>
        <source>float32 arithmetic of ggml&apos;s CPU kernel (theta by repeated multiplication)</source>
        <translation>ggml CPU 内核的 float32 运算（θ 由逐次乘法得到）</translation>
    </message>
    <message>
        <source>float32 arithmetic: inv_freq rounded to float32 from float64 (this method&apos;s float32 steps are not replayed), angle fl(position x inv_freq)</source>
        <translation>float32 运算：inv_freq 由 float64 舍入为 float32（不复现该方法的 float32 步骤），角度为 fl(位置 × inv_freq)</translation>
    </message>
    <message>
        <source>float32 arithmetic: inv_freq by the engine&apos;s float32 tensor operations, angle fl(position x inv_freq), cos and sin by the C library (torch&apos;s may differ by one ulp)</source>
        <translation>float32 运算：inv_freq 按该引擎的 float32 张量运算得到，角度为 fl(位置 × inv_freq)，cos 与 sin 用 C 库计算（与 torch 的可能相差一个 ulp）</translation>
    </message>
    <message>
        <source>vLLM&apos;s rope_type ntk is base*s with every frequency divided by s^(%1/d_rot), not the NTK-aware base*s^(d/(d-%2)): pair %3 is scaled too</source>
        <translation>vLLM 的 rope_type ntk 是以 base·s 为基数、每个频率再除以 s^(%1/d_rot)，而不是 NTK-aware 的 base·s^(d/(d-%2))：维度对 %3 也被缩放</translation>
    </message>
    <message>
        <source>vLLM computes the dynamic-NTK base once, at max_model_len = %1, for every position of every sequence (HF: at the current length, --seq-len)</source>
        <translation>vLLM 只计算一次动态 NTK 基数（在 max_model_len = %1 处），用于每个序列的每个位置（HF：按当前长度，--seq-len）</translation>
    </message>
    <message>
        <source>M-RoPE under ort-genai is not modelled: its M-RoPE code (the ORT GenAI builder&apos;s mrope graph) and the (t, h, w) ids it is given have not been verified; check without --engine (HF&apos;s Qwen2-VL / Qwen3-VL semantics)</source>
        <translation>ort-genai 下的 M-RoPE 未建模：它的 M-RoPE 代码（ORT GenAI 构建器的 mrope 计算图）以及传给它的 (t, h, w) 编号尚未核实；请不加 --engine 检查（即 HF 的 Qwen2-VL / Qwen3-VL 语义）</translation>
    </message>
    <message>
        <source>M-RoPE under sglang is not modelled: its M-RoPE code (SGLang&apos;s MRotaryEmbedding) and the (t, h, w) ids it is given have not been verified; check without --engine (HF&apos;s Qwen2-VL / Qwen3-VL semantics)</source>
        <translation>sglang 下的 M-RoPE 未建模：它的 M-RoPE 代码（SGLang 的 MRotaryEmbedding）以及传给它的 (t, h, w) 编号尚未核实；请不加 --engine 检查（即 HF 的 Qwen2-VL / Qwen3-VL 语义）</translation>
    </message>
    <message>
        <source>MLX-LM rope_utils.py d78bf58e217c (%1-%2-%3), MLX rope.cpp 92175519729f</source>
        <translation>MLX-LM rope_utils.py d78bf58e217c（%1-%2-%3），MLX rope.cpp 92175519729f</translation>
    </message>
    <message>
        <source>MLX-LM&apos;s initialize_rope has no NTK-aware rope type (rope_utils.py raises &quot;Unsupported RoPE type&quot;)</source>
        <translation>MLX-LM 的 initialize_rope 没有 NTK-aware 这种 rope 类型（rope_utils.py 会报“Unsupported RoPE type”）</translation>
    </message>
    <message>
        <source>ORT GenAI exports YaRN only when the config&apos;s rope block has the key beta_fast (base.py line %1); without it the model is exported as plain RoPE with magnitude %2</source>
        <translation>只有配置的 rope 块含有键 beta_fast 时，ORT GenAI 才按 YaRN 导出（base.py 第 %1 行）；否则模型被导出为幅度 %2 的普通 RoPE</translation>
    </message>
    <message>
        <source>ORT GenAI keeps two baked caches and picks the long one once the total length exceeds L0 = %1; keys already in the KV cache keep their short-factor rotation</source>
        <translation>ORT GenAI 在模型中保存两份缓存，总长度超过 L0 = %1 后改用长的那份；已在 KV 缓存中的键保留按短因子做的旋转</translation>
    </message>
    <message>
        <source>ORT GenAI model builder base.py a0c04eb1313b (%1-%2-%3)</source>
        <translation>ORT GenAI 模型构建器 base.py a0c04eb1313b（%1-%2-%3）</translation>
    </message>
    <message>
        <source>ORT GenAI&apos;s builder never rounds the YaRN bounds: %1 / %2 (HF with truncate: %3 / %4)</source>
        <translation>ORT GenAI 的构建器从不对 YaRN 边界取整：%1 / %2（HF 开启 truncate 时为 %3 / %4）</translation>
    </message>
    <message>
        <source>SGLang computes the dynamic-NTK base once, at max_len = factor x L0 = %1: base x (s^%2 - s + %3)^(d/(d-%4)) = %5 for every position of every sequence (HF: at the current length, --seq-len)</source>
        <translation>SGLang 只在 max_len = factor × L0 = %1 处计算一次动态 NTK 基数：base × (s^%2 − s + %3)^(d/(d−%4)) = %5，所有序列的所有位置共用（HF：按当前长度，--seq-len）</translation>
    </message>
    <message>
        <source>SGLang rotary_embedding/ (base.py 0099dee6aa65, yarn.py and rope_variant.py 0b1fd02d56f0, factory.py 108c36c00829)</source>
        <translation>SGLang rotary_embedding/（base.py 0099dee6aa65，yarn.py 与 rope_variant.py 0b1fd02d56f0，factory.py 108c36c00829）</translation>
    </message>
    <message>
        <source>SGLang&apos;s get_rope has no NTK-aware rope type (factory.py: default, linear, dynamic, yarn, deepseek_yarn, llama3, longrope, proportional and M-RoPE variants)</source>
        <translation>SGLang 的 get_rope 没有 NTK-aware 这种 rope 类型（factory.py：default、linear、dynamic、yarn、deepseek_yarn、llama3、longrope、proportional 以及 M-RoPE 各变体）</translation>
    </message>
    <message>
        <source>ort-genai exports no NTK-aware scaling (make_rope_init knows YaRN by beta_fast, linear, Llama %1, LongRoPE and M-RoPE sections)</source>
        <translation>ort-genai 不导出 NTK-aware 缩放（make_rope_init 只认识按 beta_fast 判断的 YaRN、linear、Llama %1、LongRoPE 和 M-RoPE 分段）</translation>
    </message>
    <message>
        <source>ort-genai exports no dynamic NTK: the builder&apos;s make_rope_init (base.py lines %1-%2) has no branch for rope type dynamic, so such a config would be exported as plain RoPE</source>
        <translation>ort-genai 不导出动态 NTK：构建器的 make_rope_init（base.py 第 %1-%2 行）没有 rope 类型 dynamic 的分支，这样的配置会被导出为普通 RoPE</translation>
    </message>
    <message>
        <source>xPos decays the scores per pair; none of the engines has a rotary kernel with a decay</source>
        <translation>xPos 按维度对衰减分数；这些引擎都没有带衰减的旋转内核</translation>
    </message>
    <message>
        <source>DeepseekScalingRotaryEmbedding always rounds the ramp bounds (truncate = false is not read)</source>
        <translation>DeepseekScalingRotaryEmbedding 总是对斜坡边界取整（不读取 truncate = false）</translation>
    </message>
    <message>
        <source>vLLM&apos;s DeepSeek path (DeepseekScalingRotaryEmbedding, taken here because mscale/mscale_all_dim are set) defaults mscale to %1 and mscale_all_dim to %2: attention factor g(s, %3)/g(s, %4) = %5</source>
        <translation>vLLM 的 DeepSeek 路径（DeepseekScalingRotaryEmbedding，因设置了 mscale/mscale_all_dim 而采用）将 mscale 默认取 %1、mscale_all_dim 默认取 %2：注意力因子 g(s, %3)/g(s, %4) = %5</translation>
    </message>
    <message>
        <source>DeepseekScalingRotaryEmbedding does not read attention_factor (%1)</source>
        <translation>DeepseekScalingRotaryEmbedding 不读取 attention_factor（%1）</translation>
    </message>
    <message>
        <source>vLLM uses the long factors for every position because max_model_len = %1 &gt; L0 = %2 (HF switches on the current length, --seq-len)</source>
        <translation>vLLM 对所有位置都用长因子，因为 max_model_len = %1 &gt; L0 = %2（HF 按当前长度切换，--seq-len）</translation>
    </message>
    <message>
        <source>vLLM uses the short factors for every position because max_model_len = %1 &lt;= L0 = %2 (HF switches on the current length, --seq-len)</source>
        <translation>vLLM 对所有位置都用短因子，因为 max_model_len = %1 ≤ L0 = %2（HF 按当前长度切换，--seq-len）</translation>
    </message>
    <message>
        <source>Phi3LongRoPEScaledRotaryEmbedding does not read attention_factor (%1); its mscale is sqrt(%2 + ln s / ln L0) unless short_mscale/long_mscale are given</source>
        <translation>Phi3LongRoPEScaledRotaryEmbedding 不读取 attention_factor（%1）；除非给出 short_mscale/long_mscale，其 mscale 为 sqrt(%2 + ln s / ln L0)</translation>
    </message>
    <message>
        <source>g = 0.1 ln s + 1 (s &gt; 1; else 1), multiplies cos and sin</source>
        <translation>g = 0.1 ln s + 1（s &gt; 1；否则为 1），乘在 cos 和 sin 上</translation>
    </message>
    <message>
        <source>g^2 = (0.1 ln s + 1)^2 on the logits (q and k both carry g)</source>
        <translation>g^2 = (0.1 ln s + 1)^2，乘在 logits 上（q 和 k 各带一个 g）</translation>
    </message>
    <message>
        <source>sqrt(1 + ln s / ln L0) (s &gt; 1; else 1), multiplies cos and sin</source>
        <translation>sqrt(1 + ln s / ln L0)（s &gt; 1；否则为 1），乘在 cos 和 sin 上</translation>
    </message>
    <message>
        <source>log1p(floor((pos + 1) / floor_scale)) * attn_scale + 1 on the query of NoPE layers (pos = n - 1)</source>
        <translation>log1p(floor((pos + 1) / floor_scale)) × attn_scale + 1，乘在 NoPE 层的查询上（pos = n − 1）</translation>
    </message>
    <message>
        <source>max(1, log_L0 n) on the query (1 up to L0)</source>
        <translation>max(1, log_L0 n)，乘在查询上（L0 以内为 1）</translation>
    </message>
    <message>
        <source>log_512 n = ln n / ln 512 on the logits (below 1 for n &lt; 512)</source>
        <translation>log_512 n = ln n / ln 512，乘在 logits 上（n &lt; 512 时小于 1）</translation>
    </message>
    <message>
        <source>1 / t, t = 1 + gamma log2(n / L0) for n &gt; L0 (1 up to L0), on the logits</source>
        <translation>1 / t，n &gt; L0 时 t = 1 + γ·log₂(n / L0)（L0 以内为 1），乘在 logits 上</translation>
    </message>
    <message>
        <source>Peng et al., YaRN, arXiv:2309.00071 Eq. 22 (sqrt(1/t) = 0.1 ln s + 1); HF modeling_rope_utils.py:429-439 get_mscale</source>
        <translation>Peng 等，YaRN，arXiv:2309.00071 式 22（sqrt(1/t) = 0.1 ln s + 1）；HF modeling_rope_utils.py:429-439 get_mscale</translation>
    </message>
    <message>
        <source>YaRN Eq. 22: the logits are divided by t = 1/g^2</source>
        <translation>YaRN 式 22：logits 除以 t = 1/g^2</translation>
    </message>
    <message>
        <source>DeepSeek-V2/V3 modeling_deepseek.py DeepseekV2Attention (softmax_scale * mscale * mscale, mscale = yarn_get_mscale(s, mscale_all_dim)); HF modeling_rope_utils.py:436-437</source>
        <translation>DeepSeek-V2/V3 modeling_deepseek.py DeepseekV2Attention（softmax_scale × mscale × mscale，mscale = yarn_get_mscale(s, mscale_all_dim)）；HF modeling_rope_utils.py:436-437</translation>
    </message>
    <message>
        <source>Ding et al., LongRoPE, arXiv:2402.13753; Phi-3; HF modeling_rope_utils.py:563-567</source>
        <translation>Ding 等，LongRoPE，arXiv:2402.13753；Phi-3；HF modeling_rope_utils.py:563-567</translation>
    </message>
    <message>
        <source>HF models/llama4/modeling_llama4.py:366-374 (attn_temperature_tuning); configuration_llama4.py:170-172; Nakanishi, Scalable-Softmax, arXiv:2501.19399</source>
        <translation>HF models/llama4/modeling_llama4.py:366-374（attn_temperature_tuning）；configuration_llama4.py:170-172；Nakanishi，Scalable-Softmax，arXiv:2501.19399</translation>
    </message>
    <message>
        <source>Qwen(1) modeling_qwen.py use_logn_attn: logn_list = [log(i, seq_length) if i &gt; seq_length else 1]</source>
        <translation>Qwen(1) modeling_qwen.py 的 use_logn_attn：i &gt; seq_length 时 logn_list 取 log(i, seq_length)，否则取 1</translation>
    </message>
    <message>
        <source>Su, kexue.fm/archives/8823 (entropy invariance: scale log_512 n / sqrt(d))</source>
        <translation>苏剑林，kexue.fm/archives/8823（熵不变性：缩放 log_512 n / sqrt(d)）</translation>
    </message>
    <message>
        <source>a log2 length rule (no paper or model code fixes gamma; 0.1 is this tool&apos;s default)</source>
        <translation>log₂ 长度规则（没有论文或模型代码规定 γ；0.1 是本工具的默认值）</translation>
    </message>
    <message>
        <source>Rules</source>
        <translation>规则</translation>
    </message>
    <message>
        <source>length-dependent</source>
        <translation>随长度变化</translation>
    </message>
    <message>
        <source>logits: the factor each rule puts on the attention logits (a cos/sin factor squared); value: the rule&apos;s own value v(n)</source>
        <translation>logits 上的因子（logits）：各规则乘到注意力 logits 上的因子（cos/sin 上的因子取平方）；值（value）：规则自身的值 v(n)</translation>
    </message>
    <message>
        <source>logits</source>
        <translation>logits 上的因子</translation>
    </message>
    <message>
        <source>value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>s</source>
        <translation>s</translation>
    </message>
    <message>
        <source>scale factor s of the YaRN, DeepSeek and LongRoPE rules (unset: the primary&apos;s factor, else 8)</source>
        <translation>YaRN、DeepSeek 和 LongRoPE 规则的缩放因子 s（未指定：取主方法的因子，否则为 8）</translation>
    </message>
    <message>
        <source>L0</source>
        <translation>L0</translation>
    </message>
    <message>
        <source>floor_scale</source>
        <translation>取整尺度</translation>
    </message>
    <message>
        <source>Llama 4 NoPE temperature: floor_scale</source>
        <translation>Llama 4 NoPE 温度：floor_scale</translation>
    </message>
    <message>
        <source>attn_scale</source>
        <translation>缩放系数</translation>
    </message>
    <message>
        <source>yarn-mscale</source>
        <translation>YaRN mscale（yarn-mscale）</translation>
    </message>
    <message>
        <source>yarn-mscale-squared</source>
        <translation>YaRN mscale 平方（yarn-mscale-squared）</translation>
    </message>
    <message>
        <source>deepseek-softmax</source>
        <translation>DeepSeek softmax 缩放（deepseek-softmax）</translation>
    </message>
    <message>
        <source>longrope</source>
        <translation>LongRoPE（longrope）</translation>
    </message>
    <message>
        <source>qwen-log-n</source>
        <translation>Qwen log-n（qwen-log-n）</translation>
    </message>
    <message>
        <source>Attention</source>
        <translation>注意力</translation>
    </message>
    <message>
        <source>which keys a query sees, as transformers&apos; masks: full (every earlier key), sliding (the last W: sliding_window), chunked (the query&apos;s own chunk of W: Llama 4&apos;s attention_chunk_size)</source>
        <translation>查询能看到哪些键，与 transformers 的掩码一致：全局（之前的每个键）、滑动窗口（最近 W 个：sliding_window）、分块（查询自己所在的 W 个词元的块：Llama 4 的 attention_chunk_size）</translation>
    </message>
    <message>
        <source>full</source>
        <translation>全局</translation>
    </message>
    <message>
        <source>sliding</source>
        <translation>滑动窗口</translation>
    </message>
    <message>
        <source>chunked</source>
        <translation>分块</translation>
    </message>
    <message>
        <source>Window</source>
        <translation>窗口</translation>
    </message>
    <message>
        <source>W of a sliding or chunked layer (unset: the loaded config&apos;s window for that kind of layer)</source>
        <translation>滑动窗口层或分块层的 W（未指定：取已载入配置中该类层的窗口）</translation>
    </message>
    <message>
        <source>sliding window %1</source>
        <translation>滑动窗口 %1</translation>
    </message>
    <message>
        <source>chunks of %1</source>
        <translation>%1 词元分块</translation>
    </message>
    <message>
        <source>full attention</source>
        <translation>全局注意力</translation>
    </message>
    <message>
        <source>hf</source>
        <comment>engine</comment>
        <translation>Hugging Face transformers（hf）</translation>
    </message>
    <message>
        <source>hf</source>
        <comment>dynamic-formula</comment>
        <translation>HF 公式（hf）</translation>
    </message>
    <message>
        <source>engine</source>
        <comment>arithmetic</comment>
        <translation>引擎自身的 float32 运算（engine）</translation>
    </message>
    <message>
        <source>1 + beta ln(1 + floor(pos / L0)) on the query of every layer, after RoPE, keys unscaled (pos = n - 1)</source>
        <translation>1 + β ln(1 + floor(pos / L0))，在 RoPE 之后乘在每一层的查询上，键不缩放（pos = n − 1）</translation>
    </message>
    <message>
        <source>HF models/ministral3/modeling_ministral3.py:105-107 get_llama_4_attn_scale, :146-150 (rope_parameters llama_4_scaling_beta, original_max_position_embeddings); mistral4/modeling_mistral4.py:479-483; configuration_ministral3.py:96-107 (beta 0.1, L0 16384)</source>
        <translation>HF models/ministral3/modeling_ministral3.py:105-107 的 get_llama_4_attn_scale，:146-150（rope_parameters 的 llama_4_scaling_beta、original_max_position_embeddings）；mistral4/modeling_mistral4.py:479-483；configuration_ministral3.py:96-107（β 0.1，L0 16384）</translation>
    </message>
    <message>
        <source>f64</source>
        <comment>arithmetic</comment>
        <translation>精确 float64（f64）</translation>
    </message>
    <message>
        <source>wavelengths</source>
        <translation>波长（wavelengths）</translation>
    </message>
    <message>
        <source>similarity</source>
        <translation>相似度（similarity）</translation>
    </message>
    <message>
        <source>angle: the grid coloured by one pair&apos;s angle, with the channel → axis strip; wavelengths: every axis&apos; wavelengths against the reference and target extents; similarity: one token&apos;s score to every token</source>
        <translation>旋转角（angle）：按一个维度对的角度着色的网格，附通道 → 轴条带；波长（wavelengths）：每个轴的波长与参考范围和目标范围的对比；相似度（similarity）：一个词元对每个词元的分数</translation>
    </message>
    <message>
        <source>Family</source>
        <translation>模型族</translation>
    </message>
    <message>
        <source>the model: auto = the diffusers config opened last (File &gt; Open config), else FLUX.1-dev</source>
        <translation>模型：自动（auto）= 最后打开的 diffusers 配置（文件 ▸ 打开配置），否则 FLUX.1-dev</translation>
    </message>
    <message>
        <source>flux.1-dev</source>
        <translation>FLUX.1-dev</translation>
    </message>
    <message>
        <source>flux.2-dev</source>
        <translation>FLUX.2-dev</translation>
    </message>
    <message>
        <source>qwen-image</source>
        <translation>Qwen-Image</translation>
    </message>
    <message>
        <source>hunyuan-video</source>
        <translation>HunyuanVideo</translation>
    </message>
    <message>
        <source>wan2.1-t2v-14b</source>
        <translation>Wan 2.1 T2V-14B</translation>
    </message>
    <message>
        <source>H</source>
        <translation>H</translation>
    </message>
    <message>
        <source>reference</source>
        <translation>参考</translation>
    </message>
    <message>
        <source>W</source>
        <translation>W</translation>
    </message>
    <message>
        <source>target grid width in tokens</source>
        <translation>目标网格的宽度，以词元计</translation>
    </message>
    <message>
        <source>Frames</source>
        <translation>帧数</translation>
    </message>
    <message>
        <source>target latent frames (video models; images: 1)</source>
        <translation>目标潜空间帧数（视频模型；图像为 1）</translation>
    </message>
    <message>
        <source>θ</source>
        <translation>θ</translation>
    </message>
    <message>
        <source>RoPE base of every axis (unset: the model&apos;s)</source>
        <translation>每个轴的 RoPE 基数（未指定：模型自己的）</translation>
    </message>
    <message>
        <source>PI t</source>
        <translation>PI 因子 t</translation>
    </message>
    <message>
        <source>Position Interpolation factor of the t axis (frequencies / s)</source>
        <translation>t 轴的位置插值因子（频率 / s）</translation>
    </message>
    <message>
        <source>PI h</source>
        <translation>PI 因子 h</translation>
    </message>
    <message>
        <source>Position Interpolation factor of the h axis</source>
        <translation>h 轴的位置插值因子</translation>
    </message>
    <message>
        <source>PI w</source>
        <translation>PI 因子 w</translation>
    </message>
    <message>
        <source>Position Interpolation factor of the w axis</source>
        <translation>w 轴的位置插值因子</translation>
    </message>
    <message>
        <source>NTK t</source>
        <translation>NTK 因子 t</translation>
    </message>
    <message>
        <source>NTK factor of the t axis (θ raised, see NTK rule)</source>
        <translation>t 轴的 NTK 因子（提高 θ，见“NTK 规则”）</translation>
    </message>
    <message>
        <source>NTK h</source>
        <translation>NTK 因子 h</translation>
    </message>
    <message>
        <source>NTK factor of the h axis</source>
        <translation>h 轴的 NTK 因子</translation>
    </message>
    <message>
        <source>NTK w</source>
        <translation>NTK 因子 w</translation>
    </message>
    <message>
        <source>NTK factor of the w axis</source>
        <translation>w 轴的 NTK 因子</translation>
    </message>
    <message>
        <source>NTK rule</source>
        <translation>NTK 规则</translation>
    </message>
    <message>
        <source>cosmos</source>
        <translation>Cosmos</translation>
    </message>
    <message>
        <source>lumina</source>
        <translation>Lumina-Next</translation>
    </message>
    <message>
        <source>cosmos: theta * s^(d/(d-2)) per axis (CosmosRotaryPosEmbed); lumina: theta * s (get_2d_rotary_pos_embed_lumina&apos;s ntk_factor)</source>
        <translation>Cosmos（cosmos）：每个轴 θ·s^(d/(d−2))（CosmosRotaryPosEmbed）；Lumina-Next（lumina）：θ·s（get_2d_rotary_pos_embed_lumina 的 ntk_factor）</translation>
    </message>
    <message>
        <source>RIFLEx L</source>
        <translation>RIFLEx 长度 L</translation>
    </message>
    <message>
        <source>Axis</source>
        <translation>轴</translation>
    </message>
    <message>
        <source>angle: the axis whose pair colours the grid</source>
        <translation>显示“旋转角（angle）”时：用其维度对给网格着色的轴</translation>
    </message>
    <message>
        <source>Pair</source>
        <translation>维度对</translation>
    </message>
    <message>
        <source>Frame</source>
        <translation>帧</translation>
    </message>
    <message>
        <source>the latent frame shown (video models)</source>
        <translation>显示的潜空间帧（视频模型）</translation>
    </message>
    <message>
        <source>Query row</source>
        <translation>查询行</translation>
    </message>
    <message>
        <source>centre</source>
        <translation>中心</translation>
    </message>
    <message>
        <source>similarity: row of the query token (in frame 0)</source>
        <translation>显示“相似度（similarity）”时：查询词元所在的行（在帧 0 中）</translation>
    </message>
    <message>
        <source>Query column</source>
        <translation>查询列</translation>
    </message>
    <message>
        <source>similarity: column of the query token</source>
        <translation>显示“相似度（similarity）”时：查询词元所在的列</translation>
    </message>
    <message>
        <source>t</source>
        <translation>t</translation>
    </message>
    <message>
        <source>h</source>
        <translation>h</translation>
    </message>
    <message>
        <source>w</source>
        <translation>w</translation>
    </message>
    <message>
        <source>l</source>
        <translation>l</translation>
    </message>
    <message>
        <source>float32 arithmetic of MLX: rope_utils.py&apos;s float32 arrays, the CPU kernel&apos;s inv_freq (%1/freqs or exp(-j ln base/(d/%2))) and angle (position x scale) x inv_freq</source>
        <translation>MLX 的 float32 运算：rope_utils.py 的 float32 数组，CPU 内核的 inv_freq（%1/freqs 或 exp(-j ln base/(d/%2))）与角度 = (位置 × scale) × inv_freq</translation>
    </message>
    <message>
        <source>SGLang&apos;s get_rope does not pass attention_factor (%1) to YaRNScalingRotaryEmbedding: attention factor %2 instead</source>
        <translation>SGLang 的 get_rope 不把 attention_factor（%1）传给 YaRNScalingRotaryEmbedding：注意力因子改为 %2</translation>
    </message>
    <message>
        <source>MLX-LM&apos;s YarnRoPE scales by g(s, mscale)/g(s, mscale_all_dim) with mscale default %1 and mscale_all_dim default %2 and does not read attention_factor (%3): attention factor %4 (HF %5)</source>
        <translation>MLX-LM 的 YarnRoPE 按 g(s, mscale)/g(s, mscale_all_dim) 缩放（mscale 默认 %1，mscale_all_dim 默认 %2），且不读取 attention_factor（%3）：注意力因子 %4（HF 为 %5）</translation>
    </message>
    <message>
        <source>MLX-LM&apos;s YarnRoPE always rounds the ramp bounds (truncate = false is not read): %1 / %2 instead of %3 / %4</source>
        <translation>MLX-LM 的 YarnRoPE 总是对斜坡边界取整（不读取 truncate = false）：%1 / %2，而不是 %3 / %4</translation>
    </message>
    <message>
        <source>MLX-LM&apos;s YarnRoPE ramp is linear in the pair index between the bounds %1 / %2: --ramp paper is not expressible and the index ramp is used</source>
        <translation>MLX-LM 的 YarnRoPE 斜坡在边界 %1 / %2 之间对维度对索引是线性的：无法表达 --ramp paper，改用按索引的斜坡</translation>
    </message>
    <message>
        <source>MLX-LM&apos;s YarnRoPE scales by g(s, mscale)/g(s, mscale_all_dim) with mscale default %1 and mscale_all_dim default %2: attention factor %3 (HF %4)</source>
        <translation>MLX-LM 的 YarnRoPE 按 g(s, mscale)/g(s, mscale_all_dim) 缩放（mscale 默认 %1，mscale_all_dim 默认 %2）：注意力因子 %3（HF 为 %4）</translation>
    </message>
    <message>
        <source>ORT GenAI&apos;s make_mscale does not read attention_factor (%1) and gives the magnitude: %2 (HF %3)</source>
        <translation>ORT GenAI 的 make_mscale 不读取 attention_factor（%1），给出的幅度为 %2（HF 为 %3）</translation>
    </message>
    <message>
        <source>ORT GenAI&apos;s make_mscale takes mscale verbatim as the magnitude: %1 (HF %2)</source>
        <translation>ORT GenAI 的 make_mscale 直接把 mscale 当作幅度：%1（HF 为 %2）</translation>
    </message>
    <message>
        <source>Phi3LongRoPEScaledRotaryEmbedding does not read attention_factor (%1); its mscale is sqrt(%2 + ln s / ln L0) = %3</source>
        <translation>Phi3LongRoPEScaledRotaryEmbedding 不读取 attention_factor（%1）；其 mscale 为 sqrt(%2 + ln s / ln L0) = %3</translation>
    </message>
    <message>
        <source>SGLang switches to the long factors only when a position exceeds L0 = %1 (any(positions &gt; L0)); at length %2 the last position is %3: short factors (HF: long, length &gt; L0); the token at position L0 indexes the long cache&apos;s row %4 (the short cache has L0 rows): it is scaled by the magnitude but not rotated</source>
        <translation>SGLang 只在有位置超过 L0 = %1 时才改用长因子（any(positions &gt; L0)）；长度为 %2 时最后一个位置是 %3：用短因子（HF：长因子，因为长度 &gt; L0）；位置 L0 上的词元读取长缓存的行 %4（从 0 计；短缓存只有 L0 行）：它乘上了幅度，却没有旋转</translation>
    </message>
    <message>
        <source>MLX-LM&apos;s initialize_rope does not pass attention_factor (%1) to SuScaledRoPE: %2</source>
        <translation>MLX-LM 的 initialize_rope 不把 attention_factor（%1）传给 SuScaledRoPE：幅度为 %2</translation>
    </message>
    <message>
        <source>ORT GenAI&apos;s builder does not read attention_factor (%1): magnitude %2</source>
        <translation>ORT GenAI 的构建器不读取 attention_factor（%1）：幅度为 %2</translation>
    </message>
    <message>
        <source>ORT GenAI&apos;s make_mscale does not read attention_factor (%1) and takes mscale verbatim as the magnitude: %2 (HF %3)</source>
        <translation>ORT GenAI 的 make_mscale 不读取 attention_factor（%1），并直接把 mscale 当作幅度：%2（HF 为 %3）</translation>
    </message>
    <message>
        <source>float32 arithmetic: inv_freq rounded to float32 from float64, angle fl(position x inv_freq)</source>
        <translation>float32 运算：inv_freq 由 float64 舍入为 float32，角度为 fl(位置 × inv_freq)</translation>
    </message>
    <message>
        <source>a rope block without the key beta_fast is exported as plain RoPE with magnitude %1 (builders/base.py:%2)</source>
        <translation>rope 配置块中没有 beta_fast 键时，导出为幅度 %1 的普通 RoPE（builders/base.py:%2）</translation>
    </message>
    <message>
        <source>model files that read rope_theta and rope_scaling only (models/llama.py:%1-%2) load a transformers-v5 rope_parameters config as plain RoPE with base %3</source>
        <translation>只读取 rope_theta 与 rope_scaling 的模型文件（models/llama.py:%1-%2）会把 transformers v5 的 rope_parameters 配置当作基数 %3 的普通 RoPE 载入</translation>
    </message>
    <message>
        <source>entropy-minus-rope</source>
        <translation>减去 RoPE 的注意力熵</translation>
    </message>
    <message>
        <source>entropy</source>
        <translation>注意力熵 H(n)</translation>
    </message>
    <message>
        <source>entropy-minus-rope: H(n) - H(RoPE, n), each curve minus the entropy of RoPE (the primary&apos;s base and head_dim, unscaled) at the same n, where methods differ by hundredths of a nat; entropy: H(n) itself</source>
        <translation>减去 RoPE 的注意力熵（entropy-minus-rope）：H(n) − H(RoPE, n)，每条曲线减去同一 n 处 RoPE（主方法的基数与头维度，不缩放）的注意力熵，各方法只差百分之几奈特时也看得出；注意力熵 H(n)（entropy）：H(n) 本身</translation>
    </message>
    <message>
        <source>method (the method&apos;s attention factor), none, log-n (x max(1, log_L0 n)) or seed-log2 (/ (1 + gamma log2(n/L0)) for n &gt; L0), su-log512 (x log_512 n), llama4-nope (x log1p(floor(n / floor_scale)) attn_scale + 1), llama4-scaling-beta (the method&apos;s factor and x (1 + beta ln(1 + floor((n - 1) / L0))), Ministral 3); the n-dependent ones are rows of compute attention-scale</source>
        <translation>方法自带（method）：方法自身的注意力因子；无（none）；Qwen log-n（log-n）：× max(1, log_L0 n)；log₂ 长度规则（seed-log2）：n &gt; L0 时 / (1 + γ·log₂(n/L0))；苏剑林 log₅₁₂ n（su-log512）：× log_512 n；Llama 4 NoPE 温度（llama4-nope）：× log1p(floor(n / floor_scale)) attn_scale + 1；Mistral 随位置变化的查询温度（llama4-scaling-beta）：方法自身的因子，再 × (1 + β ln(1 + floor((n - 1) / L0)))（Ministral 3）。随 n 变化的这些规则也是注意力缩放表中的行（“注意力缩放”视图也画出它们）</translation>
    </message>
    <message>
        <source>β</source>
        <translation>β</translation>
    </message>
    <message>
        <source>llama4-scaling-beta beta (unset: the config&apos;s llama_4_scaling_beta, else 0.1)</source>
        <translation>仅在“温度”选“Mistral 随位置变化的查询温度（llama4-scaling-beta）”时适用：查询温度的 β（未指定时取配置的 llama_4_scaling_beta，否则为 0.1）</translation>
    </message>
    <message>
        <source>β L0</source>
        <translation>β 的 L0</translation>
    </message>
    <message>
        <source>llama4-scaling-beta L0 (unset: the config&apos;s original_max_position_embeddings with llama_4_scaling_beta, else 16384)</source>
        <translation>仅在“温度”选“Mistral 随位置变化的查询温度（llama4-scaling-beta）”时适用：查询温度的 L0（未指定时取配置中与 llama_4_scaling_beta 同在的 original_max_position_embeddings，否则为 16384）</translation>
    </message>
    <message>
        <source>ltx-video</source>
        <translation>LTX-Video</translation>
    </message>
    <message>
        <source>cogvideox-5b</source>
        <translation>CogVideoX-5B</translation>
    </message>
    <message>
        <source>qwen2.5-vl-7b-vision</source>
        <translation>Qwen2.5-VL-7B 视觉编码器</translation>
    </message>
    <message>
        <source>pixtral-12b-vision</source>
        <translation>Pixtral-12B 视觉编码器</translation>
    </message>
    <message>
        <source>llama4-scout-vision</source>
        <translation>Llama 4 Scout 视觉编码器</translation>
    </message>
    <message>
        <source>DeepSeek mscale_all_dim; 0 = unset. Divides the attention factor (with mscale); with softmax-mscale it also multiplies the softmax scale.</source>
        <translation>DeepSeek 的 mscale_all_dim；0 = 未指定。与 mscale 都非零时作注意力因子的分母：注意力因子 = g(s, mscale)/g(s, mscale_all_dim)；另外，勾选“softmax 缩放乘 g(s, mscale_all_dim)²”（softmax-mscale）时，softmax 缩放还要乘以 g(s, mscale_all_dim)²。</translation>
    </message>
    <message>
        <source>softmax-mscale</source>
        <translation>softmax 缩放乘 g(s, mscale_all_dim)²</translation>
    </message>
    <message>
        <source>auto: the (t, h, w) ids of a compared M-RoPE method, else the loaded config&apos;s dual chunk attention; ids: the M-RoPE ids; dual-chunk: the query x key distance matrix of dual chunk attention over the length</source>
        <translation>自动（auto）：参与对比的 M-RoPE 方法的 (t, h, w) 编号，否则为已载入配置中的双块注意力；编号（ids）：M-RoPE 编号；双块注意力（dual-chunk）：该长度内双块注意力的“查询 × 键”距离矩阵</translation>
    </message>
    <message>
        <source>ids</source>
        <translation>编号（ids）</translation>
    </message>
    <message>
        <source>dual-chunk</source>
        <translation>双块注意力（dual-chunk）</translation>
    </message>
    <message>
        <source>chunk_size</source>
        <translation>块大小（chunk_size）</translation>
    </message>
    <message>
        <source>dual-chunk: dual_chunk_attention_config chunk_size (unset: the loaded config&apos;s, else Qwen2.5-1M&apos;s 262144)</source>
        <translation>双块注意力：dual_chunk_attention_config 的 chunk_size（未指定：取已载入配置中的值，否则取 Qwen2.5-1M 的 262144）</translation>
    </message>
    <message>
        <source>local_size</source>
        <translation>局部大小（local_size）</translation>
    </message>
    <message>
        <source>dual-chunk: dual_chunk_attention_config local_size, &lt; chunk_size (unset: the loaded config&apos;s, else Qwen2.5-1M&apos;s 8192)</source>
        <translation>双块注意力：dual_chunk_attention_config 的 local_size，须小于 chunk_size（未指定：取已载入配置中的值，否则取 Qwen2.5-1M 的 8192）</translation>
    </message>
    <message>
        <source>Plain q − k</source>
        <translation>普通 q − k</translation>
    </message>
    <message>
        <source>dual-chunk: draw plain RoPE&apos;s distance q - k beside the remapped one (same colour scale)</source>
        <translation>双块注意力：在重映射距离旁边画普通 RoPE 的距离 q - k（同一色标）</translation>
    </message>
    <message>
        <source>DyPE</source>
        <translation>DyPE（动态位置外推）</translation>
    </message>
    <message>
        <source>DyPE on FLUX.1&apos;s h and w axes: their frequencies at the diffusion timestep below, in the chosen published code (off: the model as trained)</source>
        <translation>在 FLUX.1 的 h 轴和 w 轴上使用 DyPE：按所选的已发布代码，这两个轴取下方所设扩散时间步处的频率（关闭：即训练时的模型）</translation>
    </message>
    <message>
        <source>DyPE code</source>
        <translation>DyPE 代码</translation>
    </message>
    <message>
        <source>official</source>
        <translation>官方</translation>
    </message>
    <message>
        <source>comfyui</source>
        <translation>ComfyUI</translation>
    </message>
    <message>
        <source>official: guyyariv/DyPE (kappa = t^2 multiplies the ramp ends); comfyui: ComfyUI-DyPE (the ramp ends raised to dype_scale t^dype_exponent)</source>
        <translation>官方（official）：guyyariv/DyPE（斜坡两端乘以 κ = t²）；ComfyUI（comfyui）：ComfyUI-DyPE（斜坡两端取 dype_scale·t^dype_exponent 次幂）</translation>
    </message>
    <message>
        <source>DyPE method</source>
        <translation>DyPE 方法</translation>
    </message>
    <message>
        <source>yarn</source>
        <translation>YaRN</translation>
    </message>
    <message>
        <source>ntk</source>
        <translation>NTK</translation>
    </message>
    <message>
        <source>the extrapolation whose strength DyPE varies</source>
        <translation>DyPE 改变其强度的外推方法</translation>
    </message>
    <message>
        <source>DyPE t</source>
        <translation>DyPE 时间步 t</translation>
    </message>
    <message>
        <source>diffusion timestep t in (0, 1]: 1 = pure noise, towards 0 = clean</source>
        <translation>扩散时间步 t ∈ (0, 1]：1 = 纯噪声，趋向 0 = 干净图像</translation>
    </message>
    <message>
        <source>--partial-rotary-factor %1 with --head-dim %2 gives a rotary dimension of %3; it must be a positive number of channels</source>
        <translation>部分旋转比例（--partial-rotary-factor）为 %1、头维度（--head-dim）为 %2 时，旋转维度为 %3；旋转维度（通道数）必须大于 0</translation>
    </message>
    <message>
        <source>ntk-aware needs a rotary dimension of at least %1 (the NTK exponent d_rot/(d_rot-%2) is undefined at d_rot = %3), got %4</source>
        <translation>NTK-aware 要求旋转维度至少为 %1（d_rot = %3 时 NTK 指数 d_rot/(d_rot-%2) 无定义），实际为 %4</translation>
    </message>
    <message>
        <source>dynamic-ntk needs a rotary dimension of at least %1 (the NTK exponent d_rot/(d_rot-%2) is undefined at d_rot = %3), got %4</source>
        <translation>动态 NTK（dynamic-ntk）要求旋转维度至少为 %1（d_rot = %3 时 NTK 指数 d_rot/(d_rot-%2) 无定义），实际为 %4</translation>
    </message>
    <message>
        <source>part-ntk-legacy needs a rotary dimension of at least %1 (the NTK exponent d_rot/(d_rot-%2) is undefined at d_rot = %3), got %4</source>
        <translation>Part-NTK（part-ntk-legacy）要求旋转维度至少为 %1（d_rot = %3 时 NTK 指数 d_rot/(d_rot-%2) 无定义），实际为 %4</translation>
    </message>
    <message>
        <source>--alpha %1 must be smaller than --beta %2 (they are the low and high rotation-count thresholds)</source>
        <translation>α 阈值（--alpha）%1 必须小于 β 阈值（--beta）%2（二者分别是转动圈数的下限阈值和上限阈值）</translation>
    </message>
    <message>
        <source>--beta1 %1 must be smaller than --beta0 %2</source>
        <translation>β1（--beta1）%1 必须小于 β0（--beta0）%2</translation>
    </message>
    <message>
        <source>--gamma1 %1 must be smaller than --gamma0 %2</source>
        <translation>γ1（--gamma1）%1 必须小于 γ0（--gamma0）%2</translation>
    </message>
    <message>
        <source>--short-factor has %1 entries; it needs d_rot/%2 = %3 (one per rotary pair), or none for all %4</source>
        <translation>短因子（--short-factor）有 %1 个条目；需要 d_rot/%2 = %3 个（每个旋转维度对一个），或者留空（全部为 %4）</translation>
    </message>
    <message>
        <source>--long-factor has %1 entries; it needs d_rot/%2 = %3 (one per rotary pair), or none for all %4</source>
        <translation>长因子（--long-factor）有 %1 个条目；需要 d_rot/%2 = %3 个（每个旋转维度对一个），或者留空（全部为 %4）</translation>
    </message>
    <message>
        <source>--original-max-position-embeddings must exceed %1 for the default attention factor sqrt(%2 + ln s / ln L0)</source>
        <translation>使用默认注意力因子 sqrt(%2 + ln s / ln L0) 时，原始长度 L0（--original-max-position-embeddings）必须大于 %1</translation>
    </message>
    <message>
        <source>--num-buckets %1 must be even and at least %2 when bidirectional</source>
        <translation>双向时，桶数（--num-buckets）%1 必须是不小于 %2 的偶数</translation>
    </message>
    <message>
        <source>--num-buckets %1 must be at least %2</source>
        <translation>桶数（--num-buckets）%1 必须不小于 %2</translation>
    </message>
    <message>
        <source>--max-distance %1 must exceed the exact-bucket range %2</source>
        <translation>最大距离（--max-distance）%1 必须大于精确分桶（每个距离一个桶）的范围 %2</translation>
    </message>
    <message>
        <source>--bucket-values has %1 entries; it needs num-buckets = %2</source>
        <translation>桶偏置值（--bucket-values）有 %1 个条目；需要与桶数相同，即 %2 个</translation>
    </message>
    <message>
        <source>--mrope-section %1,%2,%3 adds up to %4 pairs; the rotary dimension has %5 (torch.split needs them equal)</source>
        <translation>M-RoPE 分段（--mrope-section）%1,%2,%3 合计 %4 个维度对，而旋转维度有 %5 个维度对（torch.split 要求二者相等）</translation>
    </message>
    <message>
        <source>--mrope-section needs %1 entries (t, h, w pairs), got %2</source>
        <translation>M-RoPE 分段（--mrope-section）需要 %1 个条目（t、h、w 各自的维度对个数），实际为 %2 个</translation>
    </message>
    <message>
        <source>--token-layout ends with &apos;,&apos;</source>
        <translation>词元布局（--token-layout）以“,”结尾</translation>
    </message>
    <message>
        <source>--token-layout has more than %1 tokens</source>
        <translation>词元布局（--token-layout）超过 %1 个词元</translation>
    </message>
    <message>
        <source>--d-model %1: the t2t exponent i/(d/%2-%3) needs d-model &gt;= %4</source>
        <translation>模型维度（--d-model）%1：t2t 指数 i/(d/%2-%3) 要求模型维度不小于 %4</translation>
    </message>
    <message>
        <source>MLX-LM (rope_utils.py lines %1-%2) turns rope type mrope into plain RoPE, rotating by the token index: exact only for text before the first image or video (t = h = w = index); image and video tokens lose their h and w ids, and later text lacks HF&apos;s rope_deltas offset</source>
        <translation>MLX-LM（rope_utils.py 第 %1-%2 行）把 rope 类型 mrope 当作普通 RoPE，按词元序号旋转：只有第一个图像或视频之前的文本是精确的（t = h = w = 序号）；图像和视频词元失去 h 和 w 的编号，其后的文本也缺少 HF 的 rope_deltas 偏移</translation>
    </message>
    <message>
        <source>MLX-LM&apos;s SuScaledRoPE uses the long factors at every length (rope_utils.py line %1); HF uses the short factors while the length &lt;= L0 = %2</source>
        <translation>MLX-LM 的 SuScaledRoPE 在任何长度下都用长因子（rope_utils.py 第 %1 行）；HF 在长度 ≤ L0 = %2 时用短因子</translation>
    </message>
    <message>
        <source>ggml-org/llama.cpp 434f71a5b4d1, before PR #%1</source>
        <translation>ggml-org/llama.cpp 434f71a5b4d1（PR #%1 之前）</translation>
    </message>
    <message>
        <source>hf: base*(s*l/L0 - (s-1))^(d/(d-2)) (transformers); paper: NTK-aware with s = max(1, l/L0) (YaRN §3.3). They agree for l &lt;= L0 (both keep the base) and beyond L0 only for factor 1.</source>
        <translation>HF 公式（hf）：base·(s·l/L0 − (s−1))^(d/(d−2))（transformers）；论文（paper）：s = max(1, l/L0) 的 NTK-aware（YaRN §3.3）。l ≤ L0 时两者一致（都保持基数不变）；l &gt; L0 时只有缩放因子为 1 才一致。</translation>
    </message>
    <message>
        <source>mean: each pixel is the exact average over the positions it covers (the angle view, an M-RoPE with a token layout and the engine&apos;s float32 arithmetic have no closed form: above 32 positions per pixel they show the first); point: one position per pixel, to see aliasing</source>
        <translation>平均（mean）：每个像素是其覆盖位置的精确平均（“旋转角（angle）”视图、带词元布局的 M-RoPE 和“运算方式”选“引擎自身的 float32 运算（engine）”的方法没有闭式平均：一个像素覆盖超过 32 个位置时只显示其第一个位置的值）；点采样（point）：每个像素只取一个位置，用来观察混叠</translation>
    </message>
    <message>
        <source>which rows of the attention-scaling table: all, the length-dependent ones (log-n, Su, Llama 4 NoPE, seed-log2, llama4-scaling-beta), or one rule</source>
        <translation>画注意力缩放表的哪些行：全部、随长度变化的（Qwen log-n、苏剑林、Llama 4 NoPE 温度、log₂ 长度规则、Mistral 随位置变化的查询温度），或其中一条</translation>
    </message>
    <message>
        <source>original context L0 of LongRoPE, log-n, seed-log2 and llama4-scaling-beta (unset: the primary&apos;s L0, else 4096)</source>
        <translation>LongRoPE、Qwen log-n、log₂ 长度规则和 Mistral 随位置变化的查询温度的原始长度 L0（未指定：取主方法的 L0，否则为 4096）</translation>
    </message>
    <message>
        <source>Llama 4 NoPE temperature: attn_scale; also beta of llama4-scaling-beta (Mistral&apos;s query temperature)</source>
        <translation>Llama 4 NoPE 温度的 attn_scale；同时也是“Mistral 随位置变化的查询温度（llama4-scaling-beta）”的 β</translation>
    </message>
    <message>
        <source>target grid height in tokens (diffusion models: latent rows after patching, 2x2 except LTX-Video&apos;s 1x1; vision towers: image patches)</source>
        <translation>目标网格的高度，以词元计（扩散模型：按图块打包后的潜空间行数，图块为 2×2，LTX-Video 为 1×1；视觉编码器：图像图块的行数）</translation>
    </message>
    <message>
        <source>Positions shown: positions of the encoding matrix, the longest context of the entropy plot. At any length each pixel of a matrix view shows the exact mean over the positions it covers; the angle view, an M-RoPE with a token layout and the engine&apos;s float32 arithmetic, which have no closed form, show the value at the pixel&apos;s first position once it covers more than 32 (the figure&apos;s note says so).</source>
        <translation>显示的位置数：编码矩阵横轴上的位置数、注意力熵图的最长上下文。在任何长度下，矩阵视图的每个像素都显示其覆盖位置的精确平均；“旋转角（angle）”视图、带词元布局的 M-RoPE 和“运算方式”选“引擎自身的 float32 运算（engine）”的方法没有闭式平均，一个像素覆盖超过 32 个位置时改为显示其第一个位置的值（图下的注释会注明）。</translation>
    </message>
    <message>
        <source>every rotary curve includes the method&apos;s attention factor a (YaRN&apos;s sqrt(1/t)): the rotated channels&apos; scores scale by a^2, as in the model; false: the bare rotation for every curve</source>
        <translation>旋转类方法的每条曲线都包含方法的注意力因子 a（YaRN 的 √(1/t)）：旋转通道的分数按 a² 缩放，与模型一致；不勾选：所有曲线都按纯旋转计算</translation>
    </message>
    <message>
        <source>src/llama-graph.cpp:%1-%2 llm_graph_input_attn_temp::set_input fills log(floor((pos + %3.0f) / n_attn_temp_floor_scale) + %4) * f_attn_temp_scale + %5 for every architecture that builds the input; mistral3 builds it when the GGUF has attention.temperature_scale (src/models/mistral3.cpp:%6-%7 @ 1df2e90860ff, floor scale n_ctx_orig_yarn) and multiplies Q only. PR #%8 (graph: add f_attn_temp_offset) replaced the %9 added to pos by an offset (default %10; llama4 sets %11)</source>
        <translation>src/llama-graph.cpp:%1-%2 的 llm_graph_input_attn_temp::set_input 为每个构建该输入的架构填入 log(floor((pos + %3.0f) / n_attn_temp_floor_scale) + %4) * f_attn_temp_scale + %5；mistral3 在 GGUF 含 attention.temperature_scale 时构建该输入（src/models/mistral3.cpp:%6-%7 @ 1df2e90860ff，取整尺度为 n_ctx_orig_yarn），且只乘在 Q 上。PR #%8（新增 f_attn_temp_offset）把加在 pos 上的 %9 换成了偏移量（默认 %10；llama4 设为 %11）</translation>
    </message>
    <message>
        <source>bias methods with several heads (ALiBi): one line per head, its slope in the legend</source>
        <translation>有多个注意力头的偏置类方法（ALiBi）：每个注意力头画一条线，图例中标出其斜率</translation>
    </message>
    <message>
        <source>the primary method alone, next to the partner, or their difference (primary - partner)</source>
        <translation>单独显示主方法、与对照方法并排显示，或二者之差（主方法 − 对照方法）</translation>
    </message>
    <message>
        <source>number of channel pairs drawn, spread from the fastest to the slowest pair that turns</source>
        <translation>画出的维度对个数，在最快的维度对与仍在旋转的最慢维度对之间均匀选取</translation>
    </message>
    <message>
        <source>softmax_scale * (0.1 mscale_all_dim ln s + 1)^2 on every channel&apos;s logit</source>
        <translation>softmax_scale × (0.1 mscale_all_dim ln s + 1)^2，乘在所有通道的 logit 上</translation>
    </message>
    <message>
        <source>PI/NTK blend: pairs with more turns than this in L0 use NTK-aware; this value sets the ramp&apos;s lower index bound.</source>
        <translation>PI/NTK 混合：在 L0 内圈数多于此值的维度对使用 NTK-aware；此值给出斜坡的索引下界。</translation>
    </message>
    <message>
        <source>PI/NTK blend: pairs with fewer turns than this in L0 use PI (theta/s); this value sets the ramp&apos;s upper index bound.</source>
        <translation>PI/NTK 混合：在 L0 内圈数少于此值的维度对使用 PI（θ/s）；此值给出斜坡的索引上界。</translation>
    </message>
    <message>
        <source>DeepSeek mscale. Used (as g(s,mscale)/g(s,mscale_all_dim)) only when both it and mscale-all-dim are non-zero, as in HF; 0 = unset.</source>
        <translation>DeepSeek 的 mscale。与 HF 相同，只有它和 mscale-all-dim 都非零时才使用（即 g(s, mscale)/g(s, mscale_all_dim)）；0 = 未指定。</translation>
    </message>
    <message>
        <source>The model&apos;s attention multiplies the softmax scale of every channel by g(s, mscale_all_dim)^2 (DeepSeek-V2/V3, MiniCPM3, Mistral 4, ...; set from the config&apos;s model type). HF&apos;s YaRN itself does not: Ministral 3 keeps head_dim^-0.5.</source>
        <translation>模型的注意力把所有通道的 softmax 缩放乘以 g(s, mscale_all_dim)²（DeepSeek-V2/V3、MiniCPM3、Mistral 4 等；由配置的模型类型决定是否开启）。HF 的 YaRN 本身不这样做：Ministral 3 仍用 head_dim^-0.5。</translation>
    </message>
    <message>
        <source>RIFLEx test length in latent frames (0: off): component k of the t axis (counted from 1: pair k - 1) gets 0.9*2*pi/L when L &gt; N_k</source>
        <translation>RIFLEx 的测试长度，以潜空间帧计（0：关闭）：L &gt; N_k 时，t 轴分量 k（从 1 计，即 t 轴的维度对 k − 1）的频率变为 0.9·2π/L</translation>
    </message>
    <message>
        <source>dot or cosine: similarity of position vectors (additive methods); relative-score: &lt;R_i q, R_j k&gt; (rotary) or the bias (bias methods); auto: dot for additive methods, relative-score for the others</source>
        <translation>点积（dot）或余弦相似度（cosine）：位置向量之间的相似度（加性方法）；相对分数（relative-score）：旋转类为 ⟨R_i q, R_j k⟩，偏置类为偏置本身；自动（auto）：加性方法用点积，其余用相对分数</translation>
    </message>
    <message>
        <source>training length T_train of every method (unset: the L0 of the method L is taken from; L when no method has an L0)</source>
        <translation>每个方法的训练长度 T_train（未指定：取 L 所来自的那个方法的 L0；所有方法都没有 L0 时等于 L）</translation>
    </message>
    <message>
        <source>query position m: pair i is turned by m·θ&apos;ᵢ</source>
        <translation>查询位置 m：维度对 i 转过 m·θ&apos;ᵢ</translation>
    </message>
    <message>
        <source>key position n: dashed hands; the arc is the angle (m − n)θ&apos;ᵢ between query and key</source>
        <translation>键位置 n：虚线指针；圆弧是查询与键之间的夹角 (m − n)θ&apos;ᵢ</translation>
    </message>
    <message>
        <source>target context L (unset: s·L0 of the primary, s its configured factor (1 when below 1), or of the first compared method with an L0 when the primary has none; the view length when no method has one)</source>
        <translation>目标上下文长度 L（未指定：主方法的 s·L0，s 为其配置的缩放因子，小于 1 时按 1 计；主方法没有 L0 时取参与对比的方法中第一个有 L0 者的 s·L0；所有方法都没有 L0 时取视图长度）</translation>
    </message>
    <message>
        <source>angle: the pair of that axis, from 0 (pair 0 is the fastest, except in LTX-Video, whose frequencies rise with the pair)</source>
        <translation>显示“旋转角（angle）”时：该轴的维度对，从 0 计（维度对 0 转得最快；LTX-Video 例外，它的频率随维度对索引增大）</translation>
    </message>
</context>
<context>
    <name>posenc::presets</name>
    <message>
        <source>Llama-4-Scout (iRoPE: chunked RoPE layers, every 4th layer NoPE)</source>
        <translation>Llama-4-Scout（iRoPE：分块 RoPE 层，每 4 层中有 1 层为 NoPE）</translation>
    </message>
    <message>
        <source>Llama-4-Scout-17B-16E text_config: 48 layers; layers 3, 7, ... 47 (counted from 0) are NoPE with full attention and the query temperature log1p(floor((pos+1)/8192))*0.1 + 1; the others RoPE (llama3 scaling x16 from 8192, rope_theta 5e5, adjacent-pair complex rotation) with 8192-token chunked attention; 10M positions. Not confirmed against the Hub file (written from the model card and transformers&apos; Llama4TextConfig defaults): attn_temperature_tuning (early Hub configs wrote the number 4; read as true either way), the absence of an explicit no_rope_layers list (the interval 4 then gives it), use_qk_norm.</source>
        <translation>Llama-4-Scout-17B-16E 的 text_config：48 层；层 3、7、…、47（从 0 计）为 NoPE，使用全局注意力和查询温度 log1p(floor((pos+1)/8192))*0.1 + 1；其余为 RoPE 层（llama3 缩放，从 8192 放大 16 倍，rope_theta 5e5，交错配对的复数旋转），使用 8192 个词元的分块注意力；1000 万个位置。未对照 Hub 上的文件确认（依据模型卡和 transformers 的 Llama4TextConfig 默认值写成）：attn_temperature_tuning（早期 Hub 配置写的是数字 4；两种写法都读作 true）、没有显式的 no_rope_layers 列表（此时由间隔 4 给出）、use_qk_norm。</translation>
    </message>
    <message>
        <source>Gemma-3-27B (5 sliding : 1 full, linear x8 on full layers)</source>
        <translation>Gemma-3-27B（滑动窗口层与全局层之比 5:1，全局层线性插值 ×8）</translation>
    </message>
    <message>
        <source>Gemma-3-27B-it text_config: 62 layers, every 6th full attention (rope_theta 1e6, linear x8), the others a 1024-token sliding window with rope_theta 1e4; head_dim 128. Not confirmed against the Hub file: query_pre_attn_scalar (not used for positions).</source>
        <translation>Gemma-3-27B-it 的 text_config：62 层，每 6 层中有 1 层为全局注意力（rope_theta 1e6，线性 ×8），其余为 1024 个词元的滑动窗口，rope_theta 1e4；head_dim 128。未对照 Hub 上的文件确认：query_pre_attn_scalar（与位置无关）。</translation>
    </message>
    <message>
        <source>Gemma-4-E2B (proportional p = 0.25 on full layers, global_head_dim 512)</source>
        <translation>Gemma-4-E2B（全局层按比例 RoPE，p = 0.25，global_head_dim 512）</translation>
    </message>
    <message>
        <source>Gemma 4 text config as transformers&apos; Gemma4TextConfig builds it by default (configuration_gemma4.py, documented for google/gemma-4-e2b-it): every 6th layer full attention with head_dim = global_head_dim 512 and proportional RoPE (64 of 256 pairs rotate, exponent over 512, rope_theta 1e6), the others a 512-token sliding window with default RoPE (head_dim 256, rope_theta 1e4). Not confirmed: these are the class defaults, not the released checkpoint&apos;s config.json (hidden_size, num_hidden_layers, sliding_window, global_head_dim may differ per size).</source>
        <translation>transformers 的 Gemma4TextConfig 默认构造出的 Gemma 4 文本配置（configuration_gemma4.py，文档对应 google/gemma-4-e2b-it）：每 6 层中有 1 层为全局注意力，head_dim = global_head_dim 512，使用按比例 RoPE（256 对中 64 对旋转，指数以 512 为分母，rope_theta 1e6）；其余为 512 个词元的滑动窗口，默认 RoPE（head_dim 256，rope_theta 1e4）。未确认：这些是类的默认值，而不是发布检查点的 config.json（hidden_size、num_hidden_layers、sliding_window、global_head_dim 可能因规模而异）。</translation>
    </message>
    <message>
        <source>Qwen2.5-VL-7B (M-RoPE 16/24/24, absolute time for video)</source>
        <translation>Qwen2.5-VL-7B（M-RoPE 16/24/24，视频用绝对时间）</translation>
    </message>
    <message>
        <source>Qwen2.5-VL-7B-Instruct: head_dim 128 (3584 / 28), rope_theta 1e6, mrope_section [16, 24, 24] pairs for t, h, w (chunked); video temporal ids advance by tokens_per_second 2 x int(temporal_patch_size / fps). use_sliding_window false: every layer full. The vision_config is cut to the keys that set position ids. Not confirmed against the Hub file: max_position_embeddings 128000.</source>
        <translation>Qwen2.5-VL-7B-Instruct：head_dim 128（3584 / 28），rope_theta 1e6，mrope_section [16, 24, 24]：t、h、w 依次占 16、24、24 个维度对（分块排列）；视频的时间编号每个时间图块增加 tokens_per_second 2 × int(temporal_patch_size / fps)。use_sliding_window 为 false：所有层都是全局注意力。vision_config 只保留决定位置编号的键。未对照 Hub 上的文件确认：max_position_embeddings 128000。</translation>
    </message>
    <message>
        <source>Qwen3-VL-8B (interleaved M-RoPE 24/20/20)</source>
        <translation>Qwen3-VL-8B（交错 M-RoPE 24/20/20）</translation>
    </message>
    <message>
        <source>Qwen3-VL-8B-Instruct text_config: head_dim 128, rope_theta 5e6, mrope_section [24, 20, 20] interleaved (pair i carries h when i mod 3 = 1, w when i mod 3 = 2, below 60; t elsewhere); videos are split into one grid per temporal patch, separated by timestamp text. The vision_config is cut to the keys that set position ids. Not confirmed against the Hub file: num_key_value_heads, max_position_embeddings 262144.</source>
        <translation>Qwen3-VL-8B-Instruct 的 text_config：head_dim 128，rope_theta 5e6，mrope_section [24, 20, 20] 交错排列（索引 i 小于 60 时，i mod 3 = 1 的维度对 i 属于 h，i mod 3 = 2 的属于 w；其余为 t）；视频按时间图块拆成多个网格，其间以时间戳文本分隔。vision_config 只保留决定位置编号的键。未对照 Hub 上的文件确认：num_key_value_heads、max_position_embeddings 262144。</translation>
    </message>
    <message>
        <source>CodeLlama-7B (base 1e6)</source>
        <translation>CodeLlama-7B（基数 1e6）</translation>
    </message>
    <message>
        <source>DeepSeek-V3 (YaRN s = 40, rope head dim 64)</source>
        <translation>DeepSeek-V3（YaRN s = 40，RoPE 头维度 64）</translation>
    </message>
    <message>
        <source>DeepSeek-V3: the decoupled rotary part of each head has 64 channels (qk_rope_head_dim), rope_theta 10000, YaRN with factor 40, original_max_position_embeddings 4096, beta_fast 32, beta_slow 1, mscale 1 and mscale_all_dim 1 (so cos/sin are not scaled, but the softmax scale is multiplied by 0.1 ln 40 + 1 squared). HF applies it with interleaved pairing (rope_interleave).</source>
        <translation>DeepSeek-V3：每个头解耦出的旋转部分有 64 个通道（qk_rope_head_dim），rope_theta 10000，YaRN 缩放因子 40，original_max_position_embeddings 4096，beta_fast 32，beta_slow 1，mscale 1，mscale_all_dim 1（因此 cos/sin 不缩放，但 softmax 缩放乘以 (0.1 ln 40 + 1)²）。HF 以交错配对方式应用（rope_interleave）。</translation>
    </message>
    <message>
        <source>GPT-J-6B (interleaved, rotary dim 64)</source>
        <translation>GPT-J-6B（交错配对，旋转维度 64）</translation>
    </message>
    <message>
        <source>GPT-NeoX-20B (partial rotary 0.25)</source>
        <translation>GPT-NeoX-20B（部分旋转 0.25）</translation>
    </message>
    <message>
        <source>LLaMA-2-7B: RoPE vs PI, NTK-aware, YaRN at s = 8</source>
        <translation>LLaMA-2-7B：RoPE 对比 PI、NTK-aware、YaRN（s = 8）</translation>
    </message>
    <message>
        <source>Llama-3.1-8B (llama3 scaling 8 / 1 / 4 / 8192)</source>
        <translation>Llama-3.1-8B（llama3 缩放 8 / 1 / 4 / 8192）</translation>
    </message>
    <message>
        <source>Mistral-7B v0.1</source>
        <translation>Mistral-7B v0.1 版</translation>
    </message>
    <message>
        <source>Phi-3-mini-128k (LongRoPE)</source>
        <translation>Phi-3-mini-128k（LongRoPE）</translation>
    </message>
    <message>
        <source>Qwen2.5-7B with YaRN factor 4 over 32768</source>
        <translation>Qwen2.5-7B，YaRN 缩放因子 4（基于 32768）</translation>
    </message>
    <message>
        <source>CodeLlama-7B: LLaMA-2 geometry (head dim 128 = 4096 / 32 heads) with rope_theta raised to 1e6 and 16384 positions, no rope_scaling.</source>
        <translation>CodeLlama-7B：LLaMA-2 的结构（头维度 128 = 4096 / 32 个头），rope_theta 提高到 1e6，16384 个位置，没有 rope_scaling。</translation>
    </message>
    <message>
        <source>Gemma-3-4B (global linear x8, local base 1e4)</source>
        <translation>Gemma-3-4B（全局层线性插值 ×8，局部层基数 1e4）</translation>
    </message>
    <message>
        <source>Gemma-3-4B-it text_config: head_dim 256, global (full-attention) layers rope_theta 1e6 with linear rope_scaling factor 8, local sliding-window layers (window 1024) default RoPE with rope_local_base_freq 10000; 131072 positions.</source>
        <translation>Gemma-3-4B-it 的 text_config：head_dim 256；全局注意力层 rope_theta 1e6，线性 rope_scaling 缩放因子 8；局部滑动窗口层（窗口 1024）使用默认 RoPE，rope_local_base_freq 10000；131072 个位置。</translation>
    </message>
    <message>
        <source>GPT-J-6B: head dim 256 (n_embd 4096 / 16 heads), rotary_dim 64 so a quarter of each head rotates, with GPT-J&apos;s interleaved rotate_every_two pairing, base 10000, 2048 positions.</source>
        <translation>GPT-J-6B：头维度 256（n_embd 4096 / 16 个头），rotary_dim 64，即每个头的四分之一旋转，使用 GPT-J 的交错配对 rotate_every_two，基数 10000，2048 个位置。</translation>
    </message>
    <message>
        <source>GPT-NeoX-20B: head dim 96 (6144 / 64 heads), rotary_pct 0.25 so only 24 channels rotate (12 pairs, half pairing), rotary_emb_base 10000, context 2048. The other 72 channels carry no position signal.</source>
        <translation>GPT-NeoX-20B：头维度 96（6144 / 64 个头），rotary_pct 0.25，因此只有 24 个通道旋转（12 对，前后半配对），rotary_emb_base 10000，上下文长度 2048。其余 72 个通道不携带位置信号。</translation>
    </message>
    <message>
        <source>gpt-oss-20b (YaRN s = 32, no truncation)</source>
        <translation>gpt-oss-20b（YaRN s = 32，不取整）</translation>
    </message>
    <message>
        <source>gpt-oss-20b: head_dim 64, rope_theta 150000, YaRN factor 32 over original_max_position_embeddings 4096 with beta_fast 32, beta_slow 1 and truncate false (ramp bounds not rounded); 131072 positions.</source>
        <translation>gpt-oss-20b：head_dim 64，rope_theta 150000，YaRN 缩放因子 32，original_max_position_embeddings 4096，beta_fast 32，beta_slow 1，truncate 为 false（斜坡边界不取整）；131072 个位置。</translation>
    </message>
    <message>
        <source>LLaMA-2-7B (config.json: hidden 4096 / 32 heads = head dim 128, rope_theta 10000, 4096 positions, no rope_scaling) compared with Position Interpolation, NTK-aware and YaRN extending it 8x to 32768 positions.</source>
        <translation>LLaMA-2-7B（config.json：隐藏维度 4096 / 32 个头 = 头维度 128，rope_theta 10000，4096 个位置，没有 rope_scaling），与把它扩展 8 倍到 32768 个位置的位置插值、NTK-aware 和 YaRN 对比。</translation>
    </message>
    <message>
        <source>Llama-3.1-8B: head dim 128 (4096 / 32 heads), rope_theta 500000, llama3 rope_scaling factor 8, low_freq_factor 1, high_freq_factor 4, original_max_position_embeddings 8192 (131072 positions); plain RoPE for comparison.</source>
        <translation>Llama-3.1-8B：头维度 128（4096 / 32 个头），rope_theta 500000，llama3 rope_scaling 缩放因子 8，low_freq_factor 1，high_freq_factor 4，original_max_position_embeddings 8192（131072 个位置）；以普通 RoPE 作对比。</translation>
    </message>
    <message>
        <source>Llama-3.2-1B (llama3 scaling 32 / 1 / 4 / 8192)</source>
        <translation>Llama-3.2-1B（llama3 缩放 32 / 1 / 4 / 8192）</translation>
    </message>
    <message>
        <source>Llama-3.2-1B: head_dim 64 (2048 / 32 heads), rope_theta 500000, llama3 rope_scaling factor 32, low_freq_factor 1, high_freq_factor 4, original_max_position_embeddings 8192; 131072 positions.</source>
        <translation>Llama-3.2-1B：head_dim 64（2048 / 32 个头），rope_theta 500000，llama3 rope_scaling 缩放因子 32，low_freq_factor 1，high_freq_factor 4，original_max_position_embeddings 8192；131072 个位置。</translation>
    </message>
    <message>
        <source>Llama-3.3-70B (llama3 scaling 8 / 1 / 4 / 8192)</source>
        <translation>Llama-3.3-70B（llama3 缩放 8 / 1 / 4 / 8192）</translation>
    </message>
    <message>
        <source>Llama-3.3-70B-Instruct: head dim 128 (8192 / 64 heads), rope_theta 500000, llama3 rope_scaling factor 8, low_freq_factor 1, high_freq_factor 4, original_max_position_embeddings 8192; 131072 positions.</source>
        <translation>Llama-3.3-70B-Instruct：头维度 128（8192 / 64 个头），rope_theta 500000，llama3 rope_scaling 缩放因子 8，low_freq_factor 1，high_freq_factor 4，original_max_position_embeddings 8192；131072 个位置。</translation>
    </message>
    <message>
        <source>Mistral-7B v0.1: head dim 128 (4096 / 32 heads), rope_theta 10000, max_position_embeddings 32768 (sliding window 4096), no rope scaling.</source>
        <translation>Mistral-7B v0.1：头维度 128（4096 / 32 个头），rope_theta 10000，max_position_embeddings 32768（滑动窗口 4096），没有 RoPE 缩放。</translation>
    </message>
    <message>
        <source>Mistral-Nemo-12B (base 1e6, 1024000 positions)</source>
        <translation>Mistral-Nemo-12B（基数 1e6，1024000 个位置）</translation>
    </message>
    <message>
        <source>Mistral-Nemo-Base-2407: head_dim 128 (set explicitly: 5120 / 32 heads would be 160), rope_theta 1e6, max_position_embeddings 1024000, no rope scaling.</source>
        <translation>Mistral-Nemo-Base-2407：head_dim 128（显式指定；若按 5120 / 32 个头推算则为 160），rope_theta 1e6，max_position_embeddings 1024000，没有 RoPE 缩放。</translation>
    </message>
    <message>
        <source>Phi-3-mini-128k-instruct: head dim 96 (3072 / 32 heads), rope_theta 10000, LongRoPE from L0 = 4096 to 131072 positions (s = 32, attention factor sqrt(1 + ln 32 / ln 4096) = 1.19). The 48 short and long rescale factors are those of the April-2024 release config (the same lists appear in the Phi-3-vision-128k-instruct config); the June-2024 update of the model changed them. seq-len &gt; L0 selects the long factors. Shown at seq_len 131072 (HF at initialisation uses the short factors: posenc inspect without --seq-len).</source>
        <translation>Phi-3-mini-128k-instruct：头维度 96（3072 / 32 个头），rope_theta 10000，LongRoPE 从 L0 = 4096 扩展到 131072 个位置（s = 32，注意力因子 √(1 + ln 32 / ln 4096) = 1.19）。短因子和长因子各 48 个，取自 2024 年 4 月发布的配置（Phi-3-vision-128k-instruct 的配置中也是同样的列表）；2024 年 6 月的模型更新修改了它们。seq-len &gt; L0 时使用长因子。这里按 seq_len 131072 显示（HF 初始化时使用短因子：见不带 --seq-len 的 posenc inspect）。</translation>
    </message>
    <message>
        <source>Phi-3.5-mini (LongRoPE)</source>
        <translation>Phi-3.5-mini（LongRoPE）</translation>
    </message>
    <message>
        <source>Phi-3.5-mini-instruct: head dim 96 (3072 / 32 heads), rope_theta 10000, LongRoPE from the top-level original_max_position_embeddings 4096 to 131072 (s = 32, attention factor 1.19) with its 48 short and long factors; shown as HF initialises it (short factors).</source>
        <translation>Phi-3.5-mini-instruct：头维度 96（3072 / 32 个头），rope_theta 10000，LongRoPE 从顶层的 original_max_position_embeddings 4096 扩展到 131072（s = 32，注意力因子 1.19），带短因子和长因子各 48 个；按 HF 初始化时的状态显示（短因子）。</translation>
    </message>
    <message>
        <source>Qwen2.5-7B-Instruct-1M (base 1e7)</source>
        <translation>Qwen2.5-7B-Instruct-1M（基数 1e7）</translation>
    </message>
    <message>
        <source>Qwen2.5-7B-Instruct-1M: head dim 128 (3584 / 28 heads), rope_theta 1e7, max_position_embeddings 1010000, no rope_scaling (its dual_chunk_attention_config is read by vLLM, not by transformers).</source>
        <translation>Qwen2.5-7B-Instruct-1M：头维度 128（3584 / 28 个头），rope_theta 1e7，max_position_embeddings 1010000，没有 rope_scaling（其 dual_chunk_attention_config 由 vLLM 读取，transformers 不读取）。</translation>
    </message>
    <message>
        <source>Qwen2.5-7B-Instruct with the rope_scaling its model card recommends for long inputs: yarn, factor 4, original_max_position_embeddings 32768, rope_theta 1e6, head dim 128 (3584 / 28 heads). HF releases from 2025-03-28 to 2025-08-25 (and v5dev) replace the factor by max_position_embeddings / original = 1.</source>
        <translation>Qwen2.5-7B-Instruct，使用其模型卡为长输入推荐的 rope_scaling：yarn，缩放因子 4，original_max_position_embeddings 32768，rope_theta 1e6，头维度 128（3584 / 28 个头）。2025-03-28 至 2025-08-25 的 HF 版本（以及 v5dev）会把缩放因子替换为 max_position_embeddings / 原始长度 = 1。</translation>
    </message>
    <message>
        <source>Qwen3-8B (base 1e6, 40960 positions)</source>
        <translation>Qwen3-8B（基数 1e6，40960 个位置）</translation>
    </message>
    <message>
        <source>Qwen3-8B: head_dim 128, 32 query heads, rope_theta 1000000, max_position_embeddings 40960, no rope_scaling in the published config (YaRN is an opt-in for longer inputs).</source>
        <translation>Qwen3-8B：head_dim 128，32 个查询头，rope_theta 1000000，max_position_embeddings 40960，发布的配置中没有 rope_scaling（更长输入可选用 YaRN）。</translation>
    </message>
    <message>
        <source>Ministral-3 (YaRN x16 and the query temperature beta 0.1)</source>
        <translation>Ministral-3（YaRN ×16 与查询温度 β 0.1）</translation>
    </message>
    <message>
        <source>Ministral 3 text model: YaRN factor 16 from 16384 positions (rope_theta 1e6, head_dim 128, mscale = mscale_all_dim = 1, so attention factor 1) and the position-dependent query temperature 1 + 0.1 ln(1 + floor(pos / 16384)) (llama_4_scaling_beta; entropy temperature llama4-scaling-beta). Not confirmed against the Hub file: the rope_parameters are transformers&apos; Ministral3Config defaults (configuration_ministral3.py:96-107); hidden_size and head counts are placeholders that do not affect positions.</source>
        <translation>Ministral 3 文本模型：YaRN 缩放因子 16，原始长度 16384（rope_theta 1e6，head_dim 128，mscale = mscale_all_dim = 1，故注意力因子为 1），并带随位置变化的查询温度 1 + 0.1 ln(1 + floor(pos / 16384))（llama_4_scaling_beta；在“注意力熵”视图中把“温度”设为“Mistral 随位置变化的查询温度（llama4-scaling-beta）”）。未对照 Hub 上的文件确认：rope_parameters 取自 transformers 的 Ministral3Config 默认值（configuration_ministral3.py:96-107）；hidden_size 与头数为占位值，不影响位置编码。</translation>
    </message>
    <message>
        <source>Hunyuan-7B (dynamic with alpha 1000: base 1.116e7)</source>
        <translation>Hunyuan-7B（dynamic，alpha 1000：基数 1.116e7）</translation>
    </message>
    <message>
        <source>Hunyuan dense 7B: rope type dynamic with alpha 1000 reads as a static base rope_theta * alpha^(d/(d-2)) = 1e4 * 1000^(128/126) = 1.11588e7 (modeling_hunyuan_v1_dense.py:312-336), attention factor 1. Not confirmed against the Hub file: the shape (head_dim 128, max_position_embeddings 32768, rope_theta 1e4, alpha 1000) is the one this tool&apos;s known answer was run with, not read from tencent&apos;s config.json.</source>
        <translation>Hunyuan 7B 稠密模型：rope 类型 dynamic 加 alpha 1000，相当于静态基数 rope_theta * alpha^(d/(d-2)) = 1e4 * 1000^(128/126) = 1.11588e7（modeling_hunyuan_v1_dense.py:312-336），注意力因子为 1。未对照 Hub 上的文件确认：其形状（head_dim 128，max_position_embeddings 32768，rope_theta 1e4，alpha 1000）是生成本工具已知答案时所用的形状，并非读自腾讯的 config.json。</translation>
    </message>
    <message>
        <source>GLM-4.5 (partial rotary 0.5, NeoX pairing)</source>
        <translation>GLM-4.5（部分旋转 0.5，NeoX 式前后半配对）</translation>
    </message>
    <message>
        <source>GLM-4.5: head_dim 128 with partial_rotary_factor 0.5, so the first 64 channels rotate (rotate_half pairing inside them) and the other 64 pass through; rope_theta 1e6, 131072 positions, no rope scaling. Not confirmed against the Hub file: the values were written from the model card&apos;s config, not read from zai-org&apos;s config.json here.</source>
        <translation>GLM-4.5：head_dim 128，partial_rotary_factor 0.5，即前 64 个通道旋转（在其中按 rotate_half 配对），其余 64 个通道直通；rope_theta 1e6，131072 个位置，无 RoPE 缩放。未对照 Hub 上的文件确认：这些值依据模型卡中的配置写成，并非读自 zai-org 的 config.json。</translation>
    </message>
    <message>
        <source>ERNIE-4.5 text (base 5e5, interleaved pairs)</source>
        <translation>ERNIE-4.5 文本模型（基数 5e5，交错配对）</translation>
    </message>
    <message>
        <source>ERNIE-4.5-21B-A3B text model: head_dim 128, rope_theta 5e5, 131072 positions, no rope scaling; transformers rotates interleaved pairs (channel 2i with 2i + 1). Not confirmed against the Hub file: the values were written from the model card&apos;s config, not read from baidu&apos;s config.json here.</source>
        <translation>ERNIE-4.5-21B-A3B 文本模型：head_dim 128，rope_theta 5e5，131072 个位置，无 RoPE 缩放；transformers 采用交错配对（通道 2i 与 2i + 1）。未对照 Hub 上的文件确认：这些值依据模型卡中的配置写成，并非读自百度的 config.json。</translation>
    </message>
</context>
<context>
    <name>posenc::widgets::CheckDialog</name>
    <message>
        <source>Check implementation</source>
        <translation>检查实现</translation>
    </message>
    <message>
        <source>table.npy, cache.safetensors:TENSOR, model.gguf:TENSOR or table.csv</source>
        <translation>table.npy、cache.safetensors:张量名、model.gguf:张量名，或 table.csv</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>from the shape</source>
        <translation>由形状决定</translation>
    </message>
    <message>
        <source>Check</source>
        <translation>检查</translation>
    </message>
    <message>
        <source>Reference</source>
        <translation>参考</translation>
    </message>
    <message>
        <source>Table</source>
        <translation>表</translation>
    </message>
    <message>
        <source>Quantity</source>
        <translation>量</translation>
    </message>
    <message>
        <source>Layout</source>
        <translation>列布局</translation>
    </message>
    <message>
        <source>0:rows — START, START:COUNT or P,P,… (increasing)</source>
        <translation>0:行数 — 起点、起点:个数或 P,P,…（递增）</translation>
    </message>
    <message>
        <source>M-RoPE methods only</source>
        <translation>仅用于 M-RoPE 方法</translation>
    </message>
    <message>
        <source>Positions</source>
        <translation>位置</translation>
    </message>
    <message>
        <source>Position layout</source>
        <translation>词元布局</translation>
    </message>
    <message>
        <source>Table to check</source>
        <translation>要检查的表</translation>
    </message>
    <message>
        <source>Tables (*.npy *.safetensors *.gguf *.csv);;All files (*)</source>
        <translation>表 (*.npy *.safetensors *.gguf *.csv);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Checking…</source>
        <translation>正在检查…</translation>
    </message>
    <message>
        <source>&lt;b&gt;Match&lt;/b&gt;</source>
        <translation>&lt;b&gt;一致&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;Mismatch&lt;/b&gt;</source>
        <translation>&lt;b&gt;不一致&lt;/b&gt;</translation>
    </message>
    <message>
        <source>stored in %1; max error %2 (%3 × tolerance)</source>
        <translation>以 %1 保存；最大误差 %2（容差的 %3 倍）</translation>
    </message>
    <message>
        <source>pair i</source>
        <translation>维度对 i</translation>
    </message>
    <message>
        <source>max |error|</source>
        <translation>最大 |误差|</translation>
    </message>
    <message>
        <source>position m</source>
        <translation>位置 m</translation>
    </message>
    <message>
        <source>Cannot check: %1</source>
        <translation>无法检查：%1</translation>
    </message>
    <message>
        <source>&lt;br&gt;%1. &lt;b&gt;%2&lt;/b&gt; (%3): %4</source>
        <comment>rank. kind (confidence): evidence</comment>
        <translation>&lt;br&gt;%1. &lt;b&gt;%2&lt;/b&gt;（置信度 %3）：%4</translation>
    </message>
    <message>
        <source>Run a check to see the largest error of each pair i</source>
        <translation>运行检查后，这里显示每个维度对 i 的最大误差</translation>
    </message>
    <message>
        <source>Run a check to see the largest error at each position m</source>
        <translation>运行检查后，这里显示每个位置 m 的最大误差</translation>
    </message>
    <message>
        <source>this is the table of %1</source>
        <translation>该假设描述的正是以下引擎算出的表：%1</translation>
    </message>
    <message>
        <source>none: the explorer has no config with a query temperature</source>
        <translation>无：当前没有带查询温度的配置</translation>
    </message>
    <message>
        <source>Query scale</source>
        <translation>查询缩放系数</translation>
    </message>
    <message>
        <source>A query-scale table has one value per position: no pairs</source>
        <translation>查询缩放系数表（query-scale）每个位置只有一个值：没有维度对</translation>
    </message>
    <message>
        <source>The table fits no column layout of the reference: no error per pair or position (see the diagnoses above)</source>
        <translation>该表不符合参考实现的任何列布局，因此无法按维度对或按位置给出误差（见上方的诊断）</translation>
    </message>
    <message>
        <source>stored in %1; no column layout fits, so no error is computed</source>
        <translation>以 %1 保存；没有相符的列布局，因此未计算误差</translation>
    </message>
</context>
<context>
    <name>posenc::widgets::ConfigLoader</name>
    <message>
        <source>Open config %1</source>
        <translation>打开配置 %1</translation>
    </message>
    <message>
        <source>Warning: %1</source>
        <translation>警告：%1</translation>
    </message>
    <message>
        <source>Note: %1</source>
        <translation>注意：%1</translation>
    </message>
    <message>
        <source>%1: %2 (HF %3)</source>
        <translation>%1：%2（HF 版本时期 %3）</translation>
    </message>
    <message numerus="yes">
        <source>; %n warning(s)</source>
        <translation>
            <numerusform>；%n 个警告</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>; %n difference(s) in other HF eras</source>
        <translation>
            <numerusform>；在其他 HF 版本时期中有 %n 处解析结果不同</numerusform>
        </translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>（无）</translation>
    </message>
    <message>
        <source>configs: %1 cannot be read (%2); the session&apos;s values are kept</source>
        <translation>configs：无法读取 %1（%2）；保留会话中的值</translation>
    </message>
    <message>
        <source>%1: %2, axial RoPE (the Grid view, family auto)</source>
        <translation>%1：%2，轴向 RoPE（网格视图，模型族选“自动（auto）”）</translation>
    </message>
    <message>
        <source>%1 → %2</source>
        <comment>a config&apos;s rope_type, then the method drawn for it</comment>
        <translation>%1 → %2</translation>
    </message>
    <message>
        <source>configs: %1 holds other values than the session (%2): the file changed after the session was saved, or these values were edited after it was opened; the session&apos;s values are kept</source>
        <translation>configs：%1 中的值与会话中的不同（%2）：可能是会话保存后文件被改动，也可能是打开配置后这些值被修改过；保留会话中的值</translation>
    </message>
</context>
<context>
    <name>posenc::widgets::CopyableTable</name>
    <message>
        <source>Copy</source>
        <translation>复制</translation>
    </message>
    <message>
        <source>Copy as CSV</source>
        <translation>复制为 CSV</translation>
    </message>
    <message>
        <source>Copy as Python list</source>
        <translation>复制为 Python 列表</translation>
    </message>
    <message>
        <source>Select all</source>
        <translation>全选</translation>
    </message>
</context>
<context>
    <name>posenc::widgets::ExportDialog</name>
    <message>
        <source>Export view</source>
        <translation>导出视图</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source> px</source>
        <translation> 像素</translation>
    </message>
    <message>
        <source>Raster pixels per figure pixel: 2 gives a sharp image for print or high-DPI screens</source>
        <translation>图中每个像素对应的栅格像素数：2 可得到适合打印或高分屏的清晰图像</translation>
    </message>
    <message>
        <source>Format</source>
        <translation>格式</translation>
    </message>
    <message>
        <source>File</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>Width</source>
        <translation>宽度</translation>
    </message>
    <message>
        <source>Height</source>
        <translation>高度</translation>
    </message>
    <message>
        <source>Scale (DPI ×)</source>
        <translation>缩放倍数（DPI ×）</translation>
    </message>
    <message>
        <source>PNG: %1 x %2 pixels at %3 dpi</source>
        <translation>PNG：%1 × %2 像素，%3 dpi</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>导出失败</translation>
    </message>
    <message>
        <source>PNG: %1 x %2 pixels at %3 dpi (larger than the %4 x %5 set: the export grows to show the whole figure and every table cell)</source>
        <translation>PNG：%1 × %2 像素，%3 dpi（比指定的 %4 × %5 大：为完整显示整幅图及表格的每个单元格，导出时图像尺寸会增大）</translation>
    </message>
    <message>
        <source>The table needs %1 x %2 pixels to show every cell, over 20000 pixels: a PNG, SVG or PDF export is refused; export CSV, or compare fewer methods</source>
        <translation>表格需要 %1 × %2 像素才能显示所有单元格，超出了 20000 像素的上限：无法导出为 PNG、SVG 或 PDF；请导出 CSV，或减少参与对比的方法</translation>
    </message>
</context>
<context>
    <name>posenc::widgets::FigureWidget</name>
    <message>
        <source>Export…</source>
        <translation>导出…</translation>
    </message>
    <message>
        <source>Reset view</source>
        <translation>重置视图</translation>
    </message>
    <message>
        <source>Colour map</source>
        <translation>色图</translation>
    </message>
    <message>
        <source>Auto (follow the data)</source>
        <translation>自动（按数据选择）</translation>
    </message>
    <message>
        <source>Automatic colour range</source>
        <translation>自动颜色范围</translation>
    </message>
    <message>
        <source>quantity</source>
        <translation>指标</translation>
    </message>
    <message>
        <source>value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>Source: %1</source>
        <translation>来源：%1</translation>
    </message>
</context>
<context>
    <name>posenc::widgets::GuardedApplication</name>
    <message>
        <source>Out of memory while handling an event; the operation was abandoned.</source>
        <translation>处理事件时内存不足；该操作已放弃。</translation>
    </message>
    <message>
        <source>Unexpected error: %1</source>
        <translation>意外错误：%1</translation>
    </message>
    <message>
        <source>Unexpected error of an unknown kind; the operation was abandoned.</source>
        <translation>发生未知类型的意外错误；该操作已放弃。</translation>
    </message>
</context>
<context>
    <name>posenc::widgets::GuideHelp</name>
    <message>
        <source>Guide comparison</source>
        <translation>指南中的对比</translation>
    </message>
</context>
<context>
    <name>posenc::widgets::GuideWindow</name>
    <message>
        <source>PosEnc Explorer Guide</source>
        <translation>PosEnc Explorer 指南</translation>
    </message>
    <message>
        <source>Back</source>
        <translation>后退</translation>
    </message>
    <message>
        <source>Forward</source>
        <translation>前进</translation>
    </message>
    <message>
        <source>Contents</source>
        <translation>目录</translation>
    </message>
    <message>
        <source>Every method and view of the guide</source>
        <translation>指南中的所有方法和视图</translation>
    </message>
    <message>
        <source>Guide — %1</source>
        <translation>指南 — %1</translation>
    </message>
</context>
<context>
    <name>posenc::widgets::JobRunner</name>
    <message>
        <source>unexpected error while computing the figure</source>
        <translation>计算图形数据时发生意外错误</translation>
    </message>
</context>
<context>
    <name>posenc::widgets::LayerPicker</name>
    <message>
        <source>Layer %1 has no rotary encoding (NoPE): nothing to make primary</source>
        <translation>层 %1 没有旋转编码（NoPE）：没有可设为主方法的编码</translation>
    </message>
    <message>
        <source>Layer %1: %2 as primary</source>
        <translation>层 %1：已将 %2 设为主方法</translation>
    </message>
    <message>
        <source>Layer %1: primary method %2; Decay and Entropy with full attention</source>
        <translation>层 %1：主方法 %2；远程衰减与注意力熵按全局注意力计算</translation>
    </message>
    <message>
        <source>Layer %1: primary method %2; Decay and Entropy limited to its %3</source>
        <translation>层 %1：主方法 %2；远程衰减与注意力熵限于该层的注意力范围（%3）</translation>
    </message>
</context>
<context>
    <name>posenc::widgets::MainWindow</name>
    <message>
        <source>&amp;Copy figure</source>
        <translation>复制图形(&amp;C)</translation>
    </message>
    <message>
        <source>Put the current figure on the clipboard as an image (without the hover crosshair)</source>
        <translation>将当前图形作为图像放到剪贴板（不含悬停十字线）</translation>
    </message>
    <message>
        <source>Copied the figure to the clipboard (%1 x %2 pixels)</source>
        <translation>已将图形复制到剪贴板（%1 × %2 像素）</translation>
    </message>
    <message>
        <source>The figure is too large to copy as an image: use File ▸ Export view as CSV</source>
        <translation>图形太大，无法作为图像复制：请用“文件 ▸ 导出视图”导出 CSV</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Load preset…</source>
        <translation>加载预设(&amp;L)…</translation>
    </message>
    <message>
        <source>&amp;Export view…</source>
        <translation>导出视图(&amp;E)…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>撤销(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>重做(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Reset view</source>
        <translation>重置视图(&amp;R)</translation>
    </message>
    <message>
        <source>Keep &amp;hidden views live</source>
        <translation>隐藏的视图也实时更新(&amp;H)</translation>
    </message>
    <message>
        <source>Recompute every view after each change (off: only the visible one, the others when shown)</source>
        <translation>每次修改后重新计算所有视图（关闭：只计算可见视图，其他视图在显示时计算）</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Presets</source>
        <translation>预设(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;Guide</source>
        <translation>指南(&amp;G)</translation>
    </message>
    <message>
        <source>One page per method and per view: formulas, parameters, papers and pitfalls</source>
        <translation>每个方法和每个视图一页：公式、参数、论文和常见误区</translation>
    </message>
    <message>
        <source>Guide for the focused control</source>
        <translation>当前控件的指南页</translation>
    </message>
    <message>
        <source>&amp;About PosEnc Explorer</source>
        <translation>关于 PosEnc Explorer(&amp;A)</translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation>关于 Qt(&amp;Q)</translation>
    </message>
    <message>
        <source>Load preset file…</source>
        <translation>加载预设文件…</translation>
    </message>
    <message>
        <source>Preset %1</source>
        <translation>预设 %1</translation>
    </message>
    <message>
        <source>Load preset</source>
        <translation>加载预设</translation>
    </message>
    <message>
        <source>Preset files (*.json);;All files (*)</source>
        <translation>预设文件 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Cannot load preset</source>
        <translation>无法加载预设</translation>
    </message>
    <message>
        <source>About PosEnc Explorer</source>
        <translation>关于 PosEnc Explorer</translation>
    </message>
    <message>
        <source>&lt;h3&gt;PosEnc Explorer %1&lt;/h3&gt;&lt;p&gt;Explore, check and teach Transformer positional encodings: every figure is computed exactly from the reference formulas.&lt;/p&gt;&lt;p&gt;License: GPL-3.0-or-later.&lt;/p&gt;&lt;p&gt;Methods and their sources:&lt;/p&gt;&lt;ul&gt;%2&lt;/ul&gt;</source>
        <translation>&lt;h3&gt;PosEnc Explorer %1&lt;/h3&gt;&lt;p&gt;探索、检验和讲授 Transformer 位置编码：每张图都按参考公式精确计算。&lt;/p&gt;&lt;p&gt;许可证：GPL-3.0-or-later。&lt;/p&gt;&lt;p&gt;方法及其出处：&lt;/p&gt;&lt;ul&gt;%2&lt;/ul&gt;</translation>
    </message>
    <message>
        <source>Open config</source>
        <translation>打开配置</translation>
    </message>
    <message>
        <source>&amp;Open config…</source>
        <translation>打开配置(&amp;O)…</translation>
    </message>
    <message>
        <source>Open Hugging Face config</source>
        <translation>打开 Hugging Face 配置</translation>
    </message>
    <message>
        <source>Model configs (*.json *.gguf);;All files (*)</source>
        <translation>模型配置 (*.json *.gguf);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Open &amp;recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <source>Opened table %1: %2 positions x %3 channels</source>
        <translation>已打开表 %1：%2 个位置 × %3 个通道</translation>
    </message>
    <message>
        <source>Cannot open table</source>
        <translation>无法打开表</translation>
    </message>
    <message>
        <source>Open &amp;table…</source>
        <translation>打开表(&amp;T)…</translation>
    </message>
    <message>
        <source>Open &amp;session…</source>
        <translation>打开会话(&amp;S)…</translation>
    </message>
    <message>
        <source>Open session</source>
        <translation>打开会话</translation>
    </message>
    <message>
        <source>Sessions (*.json);;All files (*)</source>
        <translation>会话 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Cannot open session</source>
        <translation>无法打开会话</translation>
    </message>
    <message>
        <source>Sa&amp;ve session…</source>
        <translation>保存会话(&amp;V)…</translation>
    </message>
    <message>
        <source>Save session</source>
        <translation>保存会话</translation>
    </message>
    <message>
        <source>Sessions (*.json)</source>
        <translation>会话 (*.json)</translation>
    </message>
    <message>
        <source>Saved session %1</source>
        <translation>已保存会话 %1</translation>
    </message>
    <message>
        <source>Reading %1…</source>
        <translation>正在读取 %1…</translation>
    </message>
    <message>
        <source>Ignored the saved preset setting: %1</source>
        <translation>已忽略保存的预设设置：%1</translation>
    </message>
    <message>
        <source>&amp;Presentation mode</source>
        <translation>演示模式(&amp;P)</translation>
    </message>
    <message>
        <source>Full screen with large text and thick lines, for a projector; exports keep the large text</source>
        <translation>全屏显示，文字更大、线条更粗，适合投影；导出的图保留大号文字</translation>
    </message>
    <message>
        <source>&amp;Gallery</source>
        <translation>图库(&amp;G)</translation>
    </message>
    <message>
        <source>&amp;Check implementation…</source>
        <translation>检查实现(&amp;C)…</translation>
    </message>
    <message>
        <source>&amp;Methods and parameters</source>
        <translation>方法与参数(&amp;M)</translation>
    </message>
    <message>
        <source>Show or hide the side panel (the method list and the parameters): hidden, the figure takes the whole window; presentation mode hides it until shown again</source>
        <translation>显示或隐藏侧边栏（方法列表与参数）：隐藏时图占满整个窗口；演示模式会隐藏它，直到再次显示</translation>
    </message>
    <message>
        <source>No view to export</source>
        <translation>没有可导出的视图</translation>
    </message>
    <message>
        <source>Cannot draw %1 at the export&apos;s size: %2</source>
        <translation>无法按导出尺寸绘制“%1”：%2</translation>
    </message>
    <message>
        <source>Opened session %1. These values could not be used and were ignored:</source>
        <translation>已打开会话 %1。以下值无法使用，已忽略：</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <comment>a view&apos;s title, then why its figure cannot be drawn</comment>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>&lt;li&gt;&lt;b&gt;%1&lt;/b&gt;: %2&lt;/li&gt;</source>
        <comment>a method and its sources, in the About box</comment>
        <translation>&lt;li&gt;&lt;b&gt;%1&lt;/b&gt;：%2&lt;/li&gt;</translation>
    </message>
    <message>
        <source>Exported to %1 (%2)</source>
        <translation>已导出到 %1（%2）</translation>
    </message>
</context>
<context>
    <name>posenc::widgets::MethodList</name>
    <message>
        <source>  [own: %1]</source>
        <translation>［单独取值：%1］</translation>
    </message>
    <message>
        <source>Check methods to compare; the &lt;b&gt;primary&lt;/b&gt; one is drawn by the matrix views.</source>
        <translation>勾选要对比的方法；矩阵视图绘制&lt;b&gt;主方法&lt;/b&gt;。</translation>
    </message>
    <message>
        <source>Make primary</source>
        <translation>设为主方法</translation>
    </message>
    <message>
        <source>Draw the highlighted method in the matrix views (double-click does the same)</source>
        <translation>在矩阵视图中绘制选中的方法（双击效果相同）</translation>
    </message>
    <message>
        <source>  (primary)</source>
        <translation>（主方法）</translation>
    </message>
    <message>
        <source>Add instance</source>
        <translation>添加实例</translation>
    </message>
    <message>
        <source>Compare the highlighted method a second time with its own parameters (YaRN s = 4 beside s = 8); uncheck an instance to remove it</source>
        <translation>以独立参数再次对比选中的方法（例如 YaRN s = 4 与 s = 8 并列）；取消勾选实例即可移除</translation>
    </message>
    <message>
        <source>%1 (%2)
%3

%4</source>
        <comment>method name (id), summary, citation</comment>
        <translation>%1（%2）
%3

%4</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <comment>a loaded model&apos;s label (the method)</comment>
        <translation>%1（%2）</translation>
    </message>
</context>
<context>
    <name>posenc::widgets::ParamEditor</name>
    <message>
        <source>own value</source>
        <translation>单独取值</translation>
    </message>
    <message>
        <source>Unchecked: this value is shared by every compared method that has it.
Checked: this method keeps its own value (a per-method override).</source>
        <translation>不勾选：参与对比且具有该参数的所有方法共用此值。
勾选：此方法使用自己的值（按方法覆盖）。</translation>
    </message>
    <message>
        <source>set</source>
        <translation>指定</translation>
    </message>
    <message>
        <source>Unchecked: unset, the method&apos;s own rule applies</source>
        <translation>不勾选：不指定，使用方法自身的规则</translation>
    </message>
    <message>
        <source>

Valid: %1</source>
        <translation>

有效值：%1</translation>
    </message>
    <message>
        <source>
Flag: posenc --%1</source>
        <translation>
命令行参数：posenc --%1</translation>
    </message>
    <message>
        <source>
F1: the guide page of this method</source>
        <translation>
F1：打开此方法的指南页</translation>
    </message>
    <message>
        <source>shared</source>
        <translation>共用</translation>
    </message>
    <message>
        <source>comma-separated numbers</source>
        <translation>以逗号分隔的数字</translation>
    </message>
    <message>
        <source>empty = %1; comma-separated numbers</source>
        <translation>留空 = %1；以逗号分隔的数字</translation>
    </message>
    <message>
        <source>Warning: %1</source>
        <translation>警告：%1</translation>
    </message>
    <message>
        <source>unset</source>
        <translation>未指定</translation>
    </message>
    <message>
        <source>unset: resolves to %1</source>
        <translation>未指定：解析为 %1</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <comment>valid range (unit)</comment>
        <translation>%1（单位：%2）</translation>
    </message>
    <message>
        <source>mixed</source>
        <translation>不一致</translation>
    </message>
    <message>
        <source>empty = %1</source>
        <translation>留空 = %1</translation>
    </message>
    <message>
        <source>
F1: the guide page of this view</source>
        <translation>
F1：打开此视图的指南页</translation>
    </message>
</context>
<context>
    <name>posenc::widgets::ParamText</name>
    <message>
        <source>true or false</source>
        <translation>true 或 false</translation>
    </message>
    <message>
        <source>text (or unspecified)</source>
        <translation>文本（可不指定）</translation>
    </message>
    <message>
        <source>text</source>
        <translation>文本</translation>
    </message>
    <message>
        <source>one of %1</source>
        <translation>以下之一：%1</translation>
    </message>
    <message>
        <source>, </source>
        <comment>between the choices of a list</comment>
        <translation>、</translation>
    </message>
    <message>
        <source>an even integer in %1</source>
        <translation>%1 内的偶数</translation>
    </message>
    <message>
        <source>an integer in %1</source>
        <translation>%1 内的整数</translation>
    </message>
    <message>
        <source>a number in %1</source>
        <translation>%1 内的数值</translation>
    </message>
    <message>
        <source>numbers in %1, comma-separated</source>
        <translation>%1 内的数值，以逗号分隔</translation>
    </message>
    <message>
        <source>%1 = %2 is outside the valid range: %3</source>
        <translation>%1 = %2 超出有效范围；有效值应为 %3</translation>
    </message>
    <message>
        <source>%1: “%2” is not a number; valid: %3</source>
        <translation>%1：“%2”不是数值；有效值：%3</translation>
    </message>
    <message>
        <source>%1 = %2 is not an integer; valid: %3</source>
        <translation>%1 = %2 不是整数；有效值：%3</translation>
    </message>
    <message>
        <source>%1 = %2 is not even; valid: %3</source>
        <translation>%1 = %2 不是偶数；有效值：%3</translation>
    </message>
    <message>
        <source>%1 needs a value</source>
        <translation>%1 需要指定一个值</translation>
    </message>
    <message>
        <source>%1: “%2” is not a choice; valid: %3</source>
        <translation>%1：没有“%2”这个选项；有效值：%3</translation>
    </message>
    <message>
        <source>%1: “%2” is not true or false</source>
        <translation>%1：“%2”不是 true 或 false</translation>
    </message>
    <message>
        <source>%1: the list “%2” has an empty entry; valid: %3</source>
        <translation>%1：列表“%2”中有空项；有效值：%3</translation>
    </message>
    <message>
        <source>%1: the list “%2” has an entry that is not a number; valid: %3</source>
        <translation>%1：列表“%2”中有一项不是数值；有效值：%3</translation>
    </message>
    <message>
        <source>%1: the entry %2 is outside the valid range: %3</source>
        <translation>%1：列表中的“%2”超出有效范围；有效值应为 %3</translation>
    </message>
    <message>
        <source>%1 must not be empty</source>
        <translation>%1 不能为空</translation>
    </message>
    <message>
        <source>%1: “%2” is not valid here; valid: %3</source>
        <translation>%1：“%2”在此无效；有效值：%3</translation>
    </message>
</context>
<context>
    <name>posenc::widgets::ParameterPanel</name>
    <message>
        <source>%1 uses its own value %2 — &lt;a href=&quot;%3&quot;&gt;reset&lt;/a&gt;</source>
        <translation>%1 使用自己的值 %2 — &lt;a href=&quot;%3&quot;&gt;重置&lt;/a&gt;</translation>
    </message>
    <message>
        <source>Shared by the compared methods</source>
        <translation>参与对比的方法共用的参数</translation>
    </message>
    <message>
        <source>One value for every checked method that has the parameter. A method can keep its own value instead (see its parameters below).</source>
        <translation>所有勾选且具有该参数的方法共用一个值。某个方法也可以保留自己的值（见下方该方法的参数）。</translation>
    </message>
    <message>
        <source>Own value for…</source>
        <translation>单独取值…</translation>
    </message>
    <message>
        <source>Give this method its own value of a shared parameter</source>
        <translation>为此方法单独设置某个共用参数的值</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; parameters</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; 的参数</translation>
    </message>
    <message>
        <source>
No parameters of its own: it uses the shared values above.</source>
        <translation>
没有自己的参数：使用上方的共用值。</translation>
    </message>
    <message>
        <source>
(This method has no parameters.)</source>
        <translation>
（此方法没有参数。）</translation>
    </message>
    <message>
        <source>(every shared value is already overridden)</source>
        <translation>（所有共用值都已单独设置）</translation>
    </message>
    <message>
        <source>mixed: %1</source>
        <translation>不一致：%1</translation>
    </message>
</context>
<context>
    <name>posenc::widgets::ParamsModel</name>
    <message>
        <source>%1 uses its own %2 %3</source>
        <translation>%1 使用自己的取值：%2 = %3</translation>
    </message>
    <message>
        <source>The view length %1 is outside the supported range [%2, %3] positions</source>
        <translation>视图长度 %1 个位置超出支持范围 [%2, %3]</translation>
    </message>
    <message>
        <source>Check at least one method to show</source>
        <translation>请至少勾选一个方法</translation>
    </message>
    <message>
        <source>Set %1 = %2</source>
        <translation>设置 %1 = %2</translation>
    </message>
    <message>
        <source>Set shared %1 = %2</source>
        <translation>设置共用 %1 = %2</translation>
    </message>
    <message>
        <source>Own %1 for %2</source>
        <translation>%2 单独设置 %1</translation>
    </message>
    <message>
        <source>Shared %1 for %2</source>
        <translation>%2 共用 %1</translation>
    </message>
    <message>
        <source>Compare %1</source>
        <translation>对比 %1</translation>
    </message>
    <message>
        <source>Remove %1</source>
        <translation>移除 %1</translation>
    </message>
    <message>
        <source>Primary %1</source>
        <translation>主方法 %1</translation>
    </message>
    <message>
        <source>View length %1</source>
        <translation>视图长度 %1</translation>
    </message>
    <message>
        <source>Add %1</source>
        <translation>添加 %1</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <comment>methods: problem</comment>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>, </source>
        <comment>between method names</comment>
        <translation>、</translation>
    </message>
</context>
<context>
    <name>posenc::widgets::PhraseText</name>
    <message>
        <source>%1 x %2</source>
        <comment>rows x columns of a table</comment>
        <translation>%1 × %2</translation>
    </message>
    <message>
        <source>%1: %2 inv_freq entries, highest frequency first</source>
        <translation>%1：%2 个 inv_freq 值，频率最高的在前</translation>
    </message>
    <message>
        <source>positions %1 .. %2</source>
        <translation>位置 %1 … %2</translation>
    </message>
    <message>
        <source>%1 listed positions %2 .. %3</source>
        <translation>列出的 %1 个位置 %2 … %3</translation>
    </message>
    <message>
        <source>%1: %2, R_m x for the probe x, %3, %4 of %5 channels rotated</source>
        <translation>%1：%2，探针向量 x 旋转后的 R_m x，%3，%5 个通道中旋转 %4 个</translation>
    </message>
    <message>
        <source>%1: %2, one column per pair (ggml, vLLM&apos;s cos or sin half)</source>
        <translation>%1：%2，每个维度对一列（ggml，或 vLLM 缓存的 cos 半部或 sin 半部）</translation>
    </message>
    <message>
        <source>%1: %2, pair i in columns i and i + %3 (HF&apos;s duplicated cat(freqs, freqs))</source>
        <translation>%1：%2，维度对 i 位于列 i 和列 i + %3（HF 重复拼接的 cat(freqs, freqs)）</translation>
    </message>
    <message>
        <source>%1: %2, pair i in columns 2i and 2i + 1 (repeat_interleave)</source>
        <translation>%1：%2，维度对 i 位于列 2i 和列 2i + 1（repeat_interleave）</translation>
    </message>
    <message>
        <source>%1: %2, cos of pair i in column i, sin in column i + %3 (vLLM&apos;s cos_sin_cache)</source>
        <translation>%1：%2，维度对 i 的 cos 在列 i，sin 在列 i + %3（vLLM 的 cos_sin_cache）</translation>
    </message>
    <message>
        <source>%1: fits no layout of %2 (%3 pairs, rotary dim %4, head dim %5)</source>
        <translation>%1：不符合 %2 的任何列布局（%3 个维度对，旋转维度 %4，头维度 %5）</translation>
    </message>
    <message>
        <source>all %1 slices of the %2 tensor; %3</source>
        <translation>%2 张量的全部 %1 个切片；%3</translation>
    </message>
    <message>
        <source>slice [%1] of %2 (the first that fails) of the %3 tensor; %4</source>
        <translation>%3 张量 %2 个切片中的切片 [%1]（第一个不匹配的切片）；%4</translation>
    </message>
    <message>
        <source>%1 with %2=%3</source>
        <comment>method with parameter=value</comment>
        <translation>%2 = %3 的 %1</translation>
    </message>
    <message>
        <source>pair %1</source>
        <translation>维度对 %1</translation>
    </message>
    <message>
        <source>position %1, column %2</source>
        <translation>位置 %1、列 %2</translation>
    </message>
    <message>
        <source>position %1, column %2 (pair %3)</source>
        <translation>位置 %1、列 %2（维度对 %3）</translation>
    </message>
    <message>
        <source>; the reference %1 is off by up to %2 (%3 x tolerance) at %4</source>
        <translation>；参考 %1 的误差最大为 %2（容差的 %3 倍），出现在%4</translation>
    </message>
    <message>
        <source>; the table&apos;s shape fits no layout of the reference %1</source>
        <translation>；表的形状不符合参考 %1 的任何列布局</translation>
    </message>
    <message>
        <source>no hypothesis fits the table&apos;s shape</source>
        <translation>没有哪个假设符合表的形状</translation>
    </message>
    <message>
        <source>closest: %1 (%2, off by up to %3, %4 x tolerance)</source>
        <translation>最接近的是 %1（%2，误差最大为 %3，容差的 %4 倍）</translation>
    </message>
    <message>
        <source>no tested variant explains the table; %1%2</source>
        <translation>测试过的变体都不能解释这张表；%1%2</translation>
    </message>
    <message>
        <source>matches %1 to %2 (max |error| over %3 values, %4 x tolerance)%5</source>
        <translation>与 %1 吻合，误差 %2（%3 个值上的最大 |误差|，容差的 %4 倍）%5</translation>
    </message>
    <message>
        <source>closer with %1 in multiples of the tolerance (%3 x tolerance; off by up to %2), but it does not explain the table</source>
        <translation>以容差的倍数衡量，改用“%1”更接近（为容差的 %3 倍；误差最大为 %2），但仍不能解释这张表</translation>
    </message>
    <message>
        <source>%1 = %2</source>
        <comment>a parameter&apos;s control label = its value</comment>
        <translation>%1 = %2</translation>
    </message>
    <message>
        <source>the one column per pair</source>
        <translation>每个维度对一列的布局</translation>
    </message>
    <message>
        <source>the half layout, cat(freqs, freqs) (HF rotate_half)</source>
        <translation>前后半布局，cat(freqs, freqs)（HF 的 rotate_half）</translation>
    </message>
    <message>
        <source>the interleaved layout, repeat_interleave (GPT-J rotate_every_two)</source>
        <translation>交错布局，repeat_interleave（GPT-J 的 rotate_every_two）</translation>
    </message>
    <message>
        <source>the vLLM cos_sin_cache layout, cos | sin</source>
        <translation>vLLM 的 cos_sin_cache 布局，cos | sin</translation>
    </message>
    <message>
        <source>M-RoPE sections %1 laid out %2</source>
        <translation>M-RoPE 分段 %1 采用%2</translation>
    </message>
    <message>
        <source>interleaved (Qwen3-VL, THWTHW...)</source>
        <translation>交错排列（Qwen3-VL，THWTHW…）</translation>
    </message>
    <message>
        <source>chunked (Qwen2-VL, TT..HH..WW..)</source>
        <translation>分块排列（Qwen2-VL，TT..HH..WW..）</translation>
    </message>
    <message>
        <source>pairing half (j, j + d/2)</source>
        <translation>前后半配对（j, j + d/2）</translation>
    </message>
    <message>
        <source>pairing interleaved (2j, 2j+1)</source>
        <translation>交错配对（2j, 2j+1）</translation>
    </message>
    <message>
        <source>exponent 2i/head_dim (%1) instead of 2i/rotary_dim (%2)</source>
        <translation>指数用 2i/head_dim（%1）代替 2i/rotary_dim（%2）</translation>
    </message>
    <message>
        <source>plain rope with base=%1 (no scaling)</source>
        <translation>基数 = %1 的普通 RoPE（不缩放）</translation>
    </message>
    <message>
        <source>attention factor 1 instead of %1</source>
        <translation>注意力因子用 1 代替 %1</translation>
    </message>
    <message>
        <source>attention factor a^2 = %1</source>
        <translation>注意力因子取 a² = %1</translation>
    </message>
    <message>
        <source>attention factor %1 = %2</source>
        <translation>注意力因子 %1 = %2</translation>
    </message>
    <message>
        <source>0.1 ln s + 1 (mscale/mscale_all_dim ignored)</source>
        <translation>0.1 ln s + 1（忽略 mscale/mscale_all_dim）</translation>
    </message>
    <message>
        <source>g(s, mscale)/g(s, mscale_all_dim) (the ratio)</source>
        <translation>g(s, mscale)/g(s, mscale_all_dim)（两者之比）</translation>
    </message>
    <message>
        <source>g(s, mscale) (DeepSeek&apos;s code, mscale_all_dim 0)</source>
        <translation>g(s, mscale)（DeepSeek 的代码，mscale_all_dim 为 0）</translation>
    </message>
    <message>
        <source>attention factor a (0.1 ln s + 1) = %1 (kernel factor not cancelled)</source>
        <translation>注意力因子 a·(0.1 ln s + 1) = %1（内核中的因子没有抵消）</translation>
    </message>
    <message>
        <source>positions multiplied by %1</source>
        <translation>位置乘以 %1</translation>
    </message>
    <message>
        <source>positions shifted by %1</source>
        <translation>位置平移 %1</translation>
    </message>
    <message>
        <source>positions held in %1</source>
        <translation>位置以 %1 存储</translation>
    </message>
    <message>
        <source>the angle m theta held in %1</source>
        <translation>角度 mθ 以 %1 存储</translation>
    </message>
    <message>
        <source>inv_freq held in %1</source>
        <translation>inv_freq 以 %1 存储</translation>
    </message>
    <message>
        <source>positions, inv_freq and the angle all in %1</source>
        <translation>位置、inv_freq 和角度都以 %1 存储</translation>
    </message>
    <message>
        <source>base*s = %1 with every frequency divided by s^(2/d) = %2 (vLLM&apos;s rope_type ntk, fixed NTK)</source>
        <translation>以 base·s = %1 为基数、每个频率再除以 s^(2/d) = %2 的固定 NTK（vLLM 的 rope_type ntk）</translation>
    </message>
    <message>
        <source>base*s = %1 (instead of base*s^(d/(d-2)))</source>
        <translation>base·s = %1（而不是 base·s^(d/(d−2))）</translation>
    </message>
    <message>
        <source>NTK-aware base %1 with inv_freq / %2 (attention factor %3)</source>
        <translation>基数取 NTK-aware 的 %1、inv_freq 再除以 %2（注意力因子 %3）</translation>
    </message>
    <message>
        <source>--%1 %2</source>
        <translation>--%1 %2</translation>
    </message>
    <message>
        <source>rotary dimension %1 (head_dim %2 x partial_rotary_factor %3) is odd: HF computes %4 frequencies with exponent 2i/%1 and rotates %5 channels</source>
        <translation>旋转维度 %1（head_dim %2 × partial_rotary_factor %3）是奇数：HF 以指数 2i/%1 计算 %4 个频率，并旋转 %5 个通道</translation>
    </message>
    <message>
        <source>%1 is below 1: frequencies are raised instead of lowered (HF warns and computes it)</source>
        <translation>%1 小于 1：频率被调高而不是调低（HF 给出警告后照常计算）</translation>
    </message>
    <message>
        <source>%1 is not below %2: the low/high thresholds are swapped or equal (HF warns and computes with them)</source>
        <translation>%1 不小于 %2：高低阈值颠倒或相等（HF 给出警告后照常计算）</translation>
    </message>
    <message>
        <source>%1 multiplies cos and sin by 0: the rotated channels contribute nothing (HF uses an explicit 0 as given)</source>
        <translation>%1 使 cos 和 sin 都乘以 0：旋转的通道不起任何作用（显式写出的 0 会被 HF 照用）</translation>
    </message>
    <message>
        <source>%1 leaves no rotating pair: every frequency is 0</source>
        <translation>%1 导致没有任何维度对旋转：所有频率都为 0</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>HF era %1</source>
        <translation>HF 版本时期 %1</translation>
    </message>
    <message>
        <source>this model type</source>
        <translation>此模型类型</translation>
    </message>
    <message>
        <source>%1 is absent: the %2 config class&apos;s default %3 is used (%4)</source>
        <translation>缺少 %1：使用 %2 配置类的默认值 %3（%4）</translation>
    </message>
    <message>
        <source>%1 is read only by Ministral 3 and Mistral 4&apos;s model code, not by %2: no query scaling</source>
        <translation>%1 只由 Ministral 3 和 Mistral 4 的模型代码读取，%2 不读取：不缩放查询</translation>
    </message>
    <message>
        <source>%1 %2: every layer&apos;s query is multiplied by 1 + %2 ln(1 + floor(pos / %3)) after RoPE (rule llama4-scaling-beta)</source>
        <translation>%1 = %2：每一层的查询在 RoPE 之后乘以 1 + %2 ln(1 + floor(pos / %3))（规则 llama4-scaling-beta）</translation>
    </message>
    <message>
        <source>%1 is ignored: rope_parameters is present</source>
        <translation>%1 被忽略：配置中有 rope_parameters</translation>
    </message>
    <message>
        <source>%1 is not read by HF era %2 (read from v5dev on); it resolves rope_scaling / rope_theta instead</source>
        <translation>HF 版本时期 %2 不读取 %1（从 v5dev 起才读取）；它改为解析 rope_scaling / rope_theta</translation>
    </message>
    <message>
        <source>%1: HunYuan&apos;s alpha NTK: base = %2 * alpha^(%3/%4) = %5, static at every length (modeling_hunyuan_v1_dense.py:322-330)</source>
        <translation>%1：Hunyuan 的 alpha NTK：base = %2 × alpha^(%3/%4) = %5，在任何长度下都不变（modeling_hunyuan_v1_dense.py:322-330）</translation>
    </message>
    <message>
        <source>text_config keys not used for positions: %1</source>
        <translation>text_config 中与位置无关的键：%1</translation>
    </message>
    <message>
        <source>keys not used for positions: %1</source>
        <translation>与位置无关的键：%1</translation>
    </message>
    <message>
        <source>HF era %1 (%2) finds %3 encoding(s) in this file, not %4</source>
        <translation>HF 版本时期 %1（%2）在此文件中找到 %3 个编码，而不是 %4 个</translation>
    </message>
    <message>
        <source>HF era %1 (%2) resolves this file differently: %3</source>
        <translation>HF 版本时期 %1（%2）对此文件的解析不同：%3</translation>
    </message>
    <message>
        <source>HF era %1 (%2) resolves this file differently: %4: %3</source>
        <translation>HF 版本时期 %1（%2）对此文件的解析不同：%4：%3</translation>
    </message>
    <message>
        <source>HF era %1 (%2) cannot load this file: %3</source>
        <translation>HF 版本时期 %1（%2）无法载入此文件：%3</translation>
    </message>
    <message>
        <source>rope type %1 -&gt; method %2 (here: %3 -&gt; %4)</source>
        <translation>rope 类型 %1 → 方法 %2（此处：%3 → %4）</translation>
    </message>
    <message>
        <source>%1 inv_freq entries (here: %2)</source>
        <translation>%1 个 inv_freq 值（此处：%2 个）</translation>
    </message>
    <message>
        <source>inv_freq differs at %1 pair(s) (%2), most at pair %3: %4 (here: %5)</source>
        <translation>inv_freq 在 %1 个维度对上不同（%2），差别最大的是维度对 %3：%4（此处：%5）</translation>
    </message>
    <message>
        <source>pairs %1..%2</source>
        <translation>维度对 %1…%2</translation>
    </message>
    <message>
        <source>attention factor %1 (here: %2)</source>
        <translation>注意力因子 %1（此处：%2）</translation>
    </message>
    <message>
        <source>%1; %2</source>
        <translation>%1；%2</translation>
    </message>
    <message>
        <source>%1: M-RoPE sections on rope type &apos;%2&apos; are not modelled; the 1-D frequencies are shown</source>
        <translation>%1：rope 类型为“%2”时的 M-RoPE 分段未建模；显示一维频率</translation>
    </message>
    <message>
        <source>%1: ERNIE-4.5-VL&apos;s 3-D RoPE (sections h %2, w %3, t %4): h and w alternate over pairs 0..%5, t takes the %4 slowest pairs; this layout is not drawn by the M-RoPE views, so the 1-D frequencies are shown (exact for text tokens, where t = h = w)</source>
        <translation>%1：ERNIE-4.5-VL 的三维 RoPE（分段 h %2、w %3、t %4）：h 和 w 在维度对 0…%5 上交替，t 占最慢的 %4 个维度对；M-RoPE 视图不画这种布局，因此显示一维频率（对文本词元精确，此时 t = h = w）</translation>
    </message>
    <message>
        <source>vision_config lacks keys: the position ids use HF&apos;s defaults %1 (%2)</source>
        <translation>vision_config 缺少一些键：位置编号使用 HF 的默认值 %1（%2）</translation>
    </message>
    <message>
        <source>no vision_config: the position ids use HF&apos;s defaults %1 (%2)</source>
        <translation>没有 vision_config：位置编号使用 HF 的默认值 %1（%2）</translation>
    </message>
    <message>
        <source>%1 is a number (%2); read as %3 (Python truthiness)</source>
        <translation>%1 是数值（%2）；按 Python 的真值规则视为 %3</translation>
    </message>
    <message>
        <source>%1: the last layer must use full_attention; HF forces it</source>
        <translation>%1：最后一层必须使用 full_attention；HF 会强制如此</translation>
    </message>
    <message>
        <source>use_bidirectional_attention: the sliding window is (sliding_window // 2) + 1 = %1 each side</source>
        <translation>use_bidirectional_attention：滑动窗口为每侧 (sliding_window // 2) + 1 = %1</translation>
    </message>
    <message>
        <source>%1: no layer uses this encoding</source>
        <translation>%1：没有层使用此编码</translation>
    </message>
    <message>
        <source>%1 is not read for rope type &apos;%2&apos; by %3</source>
        <translation>对 rope 类型“%2”，%3 不读取 %1</translation>
    </message>
    <message>
        <source>rope_theta is absent: HF&apos;s default 10000 is used</source>
        <translation>缺少 rope_theta：使用 HF 的默认值 10000</translation>
    </message>
    <message>
        <source>head_dim %1 (hidden_size // num_attention_heads) is odd: HF computes with it; the parameters carry --head-dim %2 --partial-rotary-factor %3 (the same rotary channels)</source>
        <translation>head_dim %1（hidden_size // num_attention_heads）是奇数：HF 照此计算；参数改记为 --head-dim %2 --partial-rotary-factor %3（旋转的通道相同）</translation>
    </message>
    <message>
        <source>%1 is not read by %2: L0 = %3</source>
        <translation>%2 不读取 %1：L0 = %3</translation>
    </message>
    <message>
        <source>%1 replaces %2 %3 by %4 / original = %5</source>
        <translation>%1 把 %2 %3 换成 %4 / 原始长度 = %5</translation>
    </message>
    <message>
        <source>%1 is absent: HF v5 uses %2 / original = %3</source>
        <translation>缺少 %1：HF v5 使用 %2 / 原始长度 = %3</translation>
    </message>
    <message>
        <source>%1 replaces %2 %3 by the top-level original_max_position_embeddings %4</source>
        <translation>%1 把 %2 %3 换成顶层的 original_max_position_embeddings %4</translation>
    </message>
    <message>
        <source>%1 is absent: %2 uses %3 (%4)</source>
        <translation>缺少 %1：%2 使用 %3（%4）</translation>
    </message>
    <message>
        <source>%1 ignores %2 when original_max_position_embeddings is top-level: s = %3 / original</source>
        <translation>original_max_position_embeddings 在顶层时 %1 忽略 %2：s = %3 / 原始长度</translation>
    </message>
    <message>
        <source>%1 differs by layer; the first layer&apos;s value %2 is used</source>
        <translation>%1 各层不同；使用第一层的值 %2</translation>
    </message>
    <message>
        <source>%1 is absent: llama.cpp&apos;s default 10000 is used</source>
        <translation>缺少 %1：使用 llama.cpp 的默认值 10000</translation>
    </message>
    <message>
        <source>sliding-window layers: plain RoPE with the _swa values (no scaling)</source>
        <translation>滑动窗口层：普通 RoPE，取 _swa 的值（不缩放）</translation>
    </message>
    <message>
        <source>%1 [%2] (M-RoPE): text positions turn every section alike, so the frequencies are the default ones</source>
        <translation>%1 [%2]（M-RoPE）：文本位置使每个分段转得一样，因此频率就是默认频率</translation>
    </message>
    <message>
        <source>no %1, but rope_factors_long/short.weight are present: llama.cpp applies them (long when the served context exceeds %2, else short), with %3 as the cos/sin magnitude</source>
        <translation>没有 %1，但有 rope_factors_long/short.weight：llama.cpp 会使用它们（服务时的上下文长度超过 %2 时用长因子，否则用短因子），并以 %3 作为 cos/sin 的幅度</translation>
    </message>
    <message>
        <source>%1 %2 read as mscale = mscale_all_dim = %3</source>
        <translation>%1 %2 视为 mscale = mscale_all_dim = %3</translation>
    </message>
    <message>
        <source>%1 %2 is not 1: HF&apos;s YaRN has no ext_factor (it mixes fully); not applied</source>
        <translation>%1 %2 不等于 1：HF 的 YaRN 没有 ext_factor（总是完全混合）；不采用</translation>
    </message>
    <message>
        <source>%1 %2 multiplies llama.cpp&apos;s kernel magnitude; not applied here</source>
        <translation>%1 %2 乘在 llama.cpp 内核的幅度上；此处不采用</translation>
    </message>
    <message>
        <source>rope_freqs.weight (Llama 3 frequency factors) divides theta_i as written</source>
        <translation>θᵢ 直接除以 rope_freqs.weight 中写入的值（Llama 3 的频率因子）</translation>
    </message>
    <message>
        <source>rope_freqs.weight is not applied: no method here combines frequency factors with scaling type &apos;%1&apos;</source>
        <translation>不采用 rope_freqs.weight：这里没有把频率因子与缩放类型“%1”结合的方法</translation>
    </message>
    <message>
        <source>architecture %1 is not in llama.cpp&apos;s rope-type table (revision 00342301d0); half-split (NEOX) pairing assumed</source>
        <translation>架构 %1 不在 llama.cpp 的 rope 类型表中（版本 00342301d0）；按前后半配对（NEOX）处理</translation>
    </message>
    <message>
        <source>llama.cpp rotates adjacent pairs (NORM) for %1; its converter permutes Q/K so that this equals HF&apos;s half-split rotation of the original weights</source>
        <translation>llama.cpp 对 %1 按交错配对旋转（NORM）；其转换器重排了 Q/K，使结果等于 HF 对原始权重的前后半配对旋转</translation>
    </message>
    <message>
        <source>%1 &quot;su&quot; is the early name of &quot;longrope&quot; (Phi-3 config)</source>
        <translation>%1 “su”是“longrope”的早期名称（Phi-3 配置）</translation>
    </message>
    <message>
        <source>%1 &quot;mrope&quot; (multimodal sections) uses default frequencies</source>
        <translation>%1 “mrope”（多模态分段）使用默认频率</translation>
    </message>
    <message>
        <source>layout</source>
        <comment>check diagnosis kind</comment>
        <translation>缓存列布局</translation>
    </message>
    <message>
        <source>pairing</source>
        <comment>check diagnosis kind</comment>
        <translation>配对方式</translation>
    </message>
    <message>
        <source>mrope-layout</source>
        <comment>check diagnosis kind</comment>
        <translation>M-RoPE 排列方式</translation>
    </message>
    <message>
        <source>mrope-section</source>
        <comment>check diagnosis kind</comment>
        <translation>M-RoPE 分段</translation>
    </message>
    <message>
        <source>rotary-dim</source>
        <comment>check diagnosis kind</comment>
        <translation>旋转维度</translation>
    </message>
    <message>
        <source>scaling-missing</source>
        <comment>check diagnosis kind</comment>
        <translation>缺少缩放</translation>
    </message>
    <message>
        <source>factor-inverted</source>
        <comment>check diagnosis kind</comment>
        <translation>缩放因子取了倒数</translation>
    </message>
    <message>
        <source>truncate</source>
        <comment>check diagnosis kind</comment>
        <translation>斜坡边界的取整方式不同</translation>
    </message>
    <message>
        <source>ramp-convention</source>
        <comment>check diagnosis kind</comment>
        <translation>斜坡约定</translation>
    </message>
    <message>
        <source>dynamic-static</source>
        <comment>check diagnosis kind</comment>
        <translation>动态 NTK 的长度</translation>
    </message>
    <message>
        <source>longrope-switch</source>
        <comment>check diagnosis kind</comment>
        <translation>LongRoPE 长短因子切换</translation>
    </message>
    <message>
        <source>original-length</source>
        <comment>check diagnosis kind</comment>
        <translation>原始长度 L0</translation>
    </message>
    <message>
        <source>base</source>
        <comment>check diagnosis kind</comment>
        <translation>基数</translation>
    </message>
    <message>
        <source>attention-factor-missing</source>
        <comment>check diagnosis kind</comment>
        <translation>缺少注意力因子</translation>
    </message>
    <message>
        <source>attention-factor-squared</source>
        <comment>check diagnosis kind</comment>
        <translation>注意力因子被平方</translation>
    </message>
    <message>
        <source>attention-factor-ratio</source>
        <comment>check diagnosis kind</comment>
        <translation>注意力因子规则不同</translation>
    </message>
    <message>
        <source>attention-factor-double</source>
        <comment>check diagnosis kind</comment>
        <translation>注意力因子乘了两次</translation>
    </message>
    <message>
        <source>positions-scaled</source>
        <comment>check diagnosis kind</comment>
        <translation>位置被缩放</translation>
    </message>
    <message>
        <source>position-offset</source>
        <comment>check diagnosis kind</comment>
        <translation>位置偏移</translation>
    </message>
    <message>
        <source>precision</source>
        <comment>check diagnosis kind</comment>
        <translation>数值精度</translation>
    </message>
    <message>
        <source>ntk-variant</source>
        <comment>check diagnosis kind</comment>
        <translation>NTK 变体</translation>
    </message>
    <message>
        <source>blog-yarn</source>
        <comment>check diagnosis kind</comment>
        <translation>博客版 YaRN</translation>
    </message>
    <message>
        <source>unknown</source>
        <comment>check diagnosis kind</comment>
        <translation>无法解释</translation>
    </message>
    <message>
        <source>engine-long-factors-below-l0</source>
        <comment>check diagnosis kind</comment>
        <translation>引擎在 L0 以下用长因子</translation>
    </message>
    <message>
        <source>engine-longrope-off-by-one</source>
        <comment>check diagnosis kind</comment>
        <translation>引擎的 LongRoPE 切换晚一个词元</translation>
    </message>
    <message>
        <source>engine-bounds-rounded</source>
        <comment>check diagnosis kind</comment>
        <translation>引擎将斜坡边界取整</translation>
    </message>
    <message>
        <source>engine-bounds-unrounded</source>
        <comment>check diagnosis kind</comment>
        <translation>引擎未将斜坡边界取整</translation>
    </message>
    <message>
        <source>engine-yarn-no-beta-keys</source>
        <comment>check diagnosis kind</comment>
        <translation>引擎因缺少 beta 键丢弃 YaRN</translation>
    </message>
    <message>
        <source>engine-attention-factor-ignored</source>
        <comment>check diagnosis kind</comment>
        <translation>引擎忽略 attention_factor</translation>
    </message>
    <message>
        <source>engine-mscale-verbatim</source>
        <comment>check diagnosis kind</comment>
        <translation>引擎照搬 mscale</translation>
    </message>
    <message>
        <source>engine-dynamic-static</source>
        <comment>check diagnosis kind</comment>
        <translation>引擎固定动态 NTK 的长度</translation>
    </message>
    <message>
        <source>engine-mrope-plain</source>
        <comment>check diagnosis kind</comment>
        <translation>引擎把 M-RoPE 当作普通 RoPE</translation>
    </message>
    <message>
        <source>engine-rope-parameters-unread</source>
        <comment>check diagnosis kind</comment>
        <translation>引擎不读 rope_parameters</translation>
    </message>
    <message>
        <source>%1 absent: the class default %2</source>
        <translation>缺少 %1：取类定义中的默认值 %2</translation>
    </message>
    <message>
        <source>vision_config.rope_theta absent: transformers&apos; default_theta 10000</source>
        <translation>缺少 vision_config.rope_theta：取 transformers 的 default_theta 10000</translation>
    </message>
    <message>
        <source>patch_size_t set: CogVideoX 1.5 grid (arange slices of the base grid %1x%2)</source>
        <translation>已指定 patch_size_t：CogVideoX 1.5 的网格（在 %1×%2 的基准网格上用 torch.arange 截取）</translation>
    </message>
    <message>
        <source>patch_size_t null: CogVideoX 1.0 grid (linspace over the crop region of the base grid %1x%2)</source>
        <translation>patch_size_t 为 null：CogVideoX 1.0 的网格（在 %1×%2 基准网格的裁剪区域上用 torch.linspace 均匀取点）</translation>
    </message>
    <message>
        <source>use_rotary_positional_embeddings absent: diffusers&apos; default is false (no RoPE, as CogVideoX-2B); read as the RoPE of CogVideoX-5B and 1.5, whose configs set it true</source>
        <translation>未给出 use_rotary_positional_embeddings：diffusers 的默认值为 false（无 RoPE，如 CogVideoX-2B）；这里按 CogVideoX-5B 和 1.5 的 RoPE 读取，它们的配置将其设为 true</translation>
    </message>
    <message>
        <source>ids as pipeline_ltx.py&apos;s defaults: (t*8/25*patch_size_t/20, r*32*patch_size/2048, c*32*patch_size/2048) (VAE 8x time, 32x space, frame_rate 25); angle = inv_freq*(2*id - 1), inv_freq = theta^(k/(n-1))*pi/2</source>
        <translation>编号取 pipeline_ltx.py 的默认值：(t*8/25*patch_size_t/20, r*32*patch_size/2048, c*32*patch_size/2048)（VAE 时间 8 倍、空间 32 倍压缩，frame_rate 25）；角度 = inv_freq*(2*id - 1)，inv_freq = theta^(k/(n-1))*pi/2</translation>
    </message>
    <message>
        <source>ids (c + 1, r + 1) on the fixed %1x%1 grid; the CLS token (layout entry cls, last) has angle 0</source>
        <translation>编号为固定 %1×%1 网格上的 (c + 1, r + 1)；CLS 词元（布局项 cls，位于最后）的角度为 0</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <comment>engine: what its code does (its note)</comment>
        <translation>%1 为此配置算出的表（%2）</translation>
    </message>
    <message>
        <source>%1 (%2): %3</source>
        <comment>engine (its pinned revision): what its code does (its note)</comment>
        <translation>%1（%2）：%3</translation>
    </message>
    <message>
        <source>%1</source>
        <comment>an engine&apos;s note, as it is</comment>
        <translation>%1</translation>
    </message>
    <message>
        <source>patches in %1x%1 merge blocks (get_vision_position_ids)</source>
        <translation>图块按 %1×%1 的合并块排列（get_vision_position_ids）</translation>
    </message>
    <message>
        <source>then the blocks are reordered into attention windows of %1x%1 merge blocks (window_size %2 px, get_vision_window_index): the rotary table and every layer see that order, the default here (--order blocks or raster for the others); layers %3 attend over the whole image, the other %4 inside their window</source>
        <translation>随后合并块被重排进由 %1×%1 个合并块组成的注意力窗口（window_size %2 像素，get_vision_window_index）：旋转表和每一层看到的都是这个顺序，它也是这里的默认顺序（其他顺序用 --order blocks 或 raster）；层 %3（从 0 计）对整幅图像做注意力，其余 %4 层只在各自的窗口内</translation>
    </message>
    <message>
        <source>%1: %2, one value per position: the query&apos;s multiplier (keys unscaled), rule %3</source>
        <translation>%1：%2，每个位置一个值：查询向量的乘数（键不缩放），规则 %3</translation>
    </message>
    <message>
        <source>position %1</source>
        <translation>位置 %1</translation>
    </message>
    <message>
        <source>the scale on q and on k (v^2 on the logits)</source>
        <translation>q 和 k 都乘以该系数（logits 上为 v²）</translation>
    </message>
    <message>
        <source>floor((pos + 1) / L0) instead of floor(pos / L0)</source>
        <translation>用 floor((pos + 1) / L0) 代替 floor(pos / L0)</translation>
    </message>
    <message>
        <source>the position one lower (pos instead of pos + 1)</source>
        <translation>位置小 1（用 pos 代替 pos + 1）</translation>
    </message>
    <message>
        <source>no query scale (1 at every position)</source>
        <translation>没有查询缩放系数（每个位置均为 1）</translation>
    </message>
    <message>
        <source>L0 = max_position_embeddings %1 instead of %2</source>
        <translation>L0 用 max_position_embeddings %1 代替 %2</translation>
    </message>
    <message>
        <source>query-scale-squared</source>
        <comment>check diagnosis kind</comment>
        <translation>查询缩放系数被平方</translation>
    </message>
    <message>
        <source>query-scale-off-by-one</source>
        <comment>check diagnosis kind</comment>
        <translation>查询缩放系数的位置偏移一位</translation>
    </message>
    <message>
        <source>query-scale-missing</source>
        <comment>check diagnosis kind</comment>
        <translation>缺少查询缩放系数</translation>
    </message>
    <message>
        <source>query-scale-wrong-length</source>
        <comment>check diagnosis kind</comment>
        <translation>查询缩放系数的 L0 取错</translation>
    </message>
</context>
<context>
    <name>posenc::widgets::Presets</name>
    <message>
        <source>Preset %1: %2</source>
        <translation>预设 %1：%2</translation>
    </message>
    <message>
        <source>is not the file name of a built-in preset</source>
        <translation>不是内置预设的文件名</translation>
    </message>
</context>
<context>
    <name>posenc::widgets::ResolvedText</name>
    <message>
        <source>Resolved: attention factor %1 (rotated logits × %2), softmax scale multiplier %3, effective base %4</source>
        <translation>解析值：注意力因子 %1（旋转通道的 logits × %2），softmax 缩放乘数 %3，等效基数 %4</translation>
    </message>
    <message>
        <source>, effective context s·L0 = %1</source>
        <translation>，等效上下文 s·L0 = %1</translation>
    </message>
</context>
<context>
    <name>posenc::widgets::SessionManager</name>
    <message>
        <source>The session names no known method; the current methods are kept.</source>
        <translation>会话中没有已知的方法；保留当前方法。</translation>
    </message>
    <message>
        <source>Open session</source>
        <translation>打开会话</translation>
    </message>
    <message>
        <source>configs: this explorer cannot re-open config files; ignored: %1</source>
        <translation>configs：本工具无法重新打开配置文件；已忽略：%1</translation>
    </message>
    <message>
        <source>views.%1: no such view; ignored</source>
        <translation>views.%1：没有这个视图；已忽略</translation>
    </message>
    <message>
        <source>current_view: no view &quot;%1&quot;; ignored</source>
        <translation>current_view：没有视图“%1”；已忽略</translation>
    </message>
    <message>
        <source>window.geometry: not a saved window geometry; ignored</source>
        <translation>window.geometry：不是已保存的窗口几何信息；已忽略</translation>
    </message>
    <message>
        <source>window.state: not a saved window state; ignored</source>
        <translation>window.state：不是已保存的窗口状态；已忽略</translation>
    </message>
    <message>
        <source>window.splitter: not a saved splitter layout; ignored</source>
        <translation>window.splitter：不是已保存的分隔条布局；已忽略</translation>
    </message>
    <message>
        <source>Cannot save the session: %1</source>
        <translation>无法保存会话：%1</translation>
    </message>
    <message>
        <source>Opened session %1</source>
        <translation>已打开会话 %1</translation>
    </message>
    <message>
        <source>PosEnc Explorer did not close properly last time; restored the session autosaved at %1</source>
        <translation>PosEnc Explorer 上次未正常关闭；已恢复 %1 自动保存的会话</translation>
    </message>
    <message numerus="yes">
        <source>Opened session %1; values ignored: %n</source>
        <translation>
            <numerusform>已打开会话 %1；已忽略 %n 个值</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>posenc::widgets::StaleOverlay</name>
    <message>
        <source>Recompute</source>
        <translation>重新计算</translation>
    </message>
    <message>
        <source>Compute this view for the current parameters</source>
        <translation>按当前参数计算此视图</translation>
    </message>
    <message>
        <source>computing…</source>
        <translation>计算中…</translation>
    </message>
    <message>
        <source>computing… %1 %</source>
        <translation>计算中… %1 %</translation>
    </message>
    <message>
        <source>The picture below is out of date until this finishes</source>
        <translation>计算完成之前，下方的图是过时的</translation>
    </message>
    <message>
        <source>cancelled — the picture is out of date</source>
        <translation>已取消——图已过时</translation>
    </message>
</context>
<context>
    <name>posenc::widgets::StatusReadout</name>
    <message>
        <source>Value under the mouse pointer</source>
        <translation>鼠标指针处的值</translation>
    </message>
    <message>
        <source>Time to compute the last figure (off the GUI thread)</source>
        <translation>计算上一张图所用的时间（在界面线程之外）</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Stop the running computation (the last picture stays)</source>
        <translation>停止正在进行的计算（保留上一张图）</translation>
    </message>
    <message>
        <source>%1 computed in %2 ms</source>
        <translation>%1：计算用时 %2 毫秒</translation>
    </message>
    <message>
        <source>Not updated: %1</source>
        <translation>未更新：%1</translation>
    </message>
</context>
<context>
    <name>posenc::widgets::TableOpener</name>
    <message>
        <source>Open table</source>
        <translation>打开表</translation>
    </message>
    <message>
        <source>%1 holds several 2-D tensors. Which is the position table?</source>
        <translation>%1 含有多个二维张量。哪一个是位置表？</translation>
    </message>
    <message>
        <source>Open a learned position table</source>
        <translation>打开可学习位置表</translation>
    </message>
    <message>
        <source>Position tables (*.npy *.safetensors *.csv *.tsv *.txt);;All files (*)</source>
        <translation>位置表 (*.npy *.safetensors *.csv *.tsv *.txt);;所有文件 (*)</translation>
    </message>
    <message>
        <source>A table is still being read; try again when it is done.</source>
        <translation>仍在读取一个表；读取完成后再试。</translation>
    </message>
    <message>
        <source>Open table %1</source>
        <translation>打开表 %1</translation>
    </message>
</context>
<context>
    <name>posenc::widgets::ViewPage</name>
    <message>
        <source>hide</source>
        <translation>隐藏</translation>
    </message>
    <message>
        <source>Head applies to the bias view (ALiBi, T5)</source>
        <translation>“注意力头”仅在“矩阵”选“偏置（bias）”时适用（ALiBi、T5）</translation>
    </message>
    <message>
        <source>Probe applies to the rotated view</source>
        <translation>“探针”仅在“矩阵”选“旋转后（rotated）”时适用</translation>
    </message>
    <message>
        <source>Applies when Show is side by side or difference</source>
        <translation>仅在“显示”选“并排”或“差值”时适用</translation>
    </message>
    <message>
        <source>Samples applies to the random q, k curve</source>
        <translation>“样本数”仅适用于“随机 q、k（random-qk）”曲线</translation>
    </message>
    <message>
        <source>auto</source>
        <translation>自动</translation>
    </message>
    <message>
        <source>Colours</source>
        <translation>颜色</translation>
    </message>
    <message>
        <source>auto: diverging (symmetric around 0) for signed values, cyclic for angles, sequential for magnitudes</source>
        <translation>自动：有正负的值用发散色图（关于 0 对称），角度用循环色图，幅值用顺序色图</translation>
    </message>
    <message>
        <source>auto range</source>
        <translation>自动范围</translation>
    </message>
    <message>
        <source>Uncheck to fix the colour range (e.g. to compare two settings on one scale)</source>
        <translation>取消勾选以固定颜色范围（例如用同一色标比较两种设置）</translation>
    </message>
    <message>
        <source>Lowest value of the colour scale</source>
        <translation>色标的最小值</translation>
    </message>
    <message>
        <source>Highest value of the colour scale</source>
        <translation>色标的最大值</translation>
    </message>
    <message>
        <source>views.%1.%2: %3 %4; ignored</source>
        <translation>views.%1.%2：%3 %4；已忽略</translation>
    </message>
    <message>
        <source>is not an option of this view</source>
        <translation>不是此视图的选项</translation>
    </message>
    <message>
        <source>must be true or false</source>
        <translation>必须是 true 或 false</translation>
    </message>
    <message>
        <source>must be an integer in %1</source>
        <translation>必须是 %1 中的整数</translation>
    </message>
    <message>
        <source>must be a number in %1</source>
        <translation>必须是 %1 中的数值</translation>
    </message>
    <message>
        <source>is not one of its choices (%1)</source>
        <translation>不是可选值之一（%1）</translation>
    </message>
    <message>
        <source>must be %1</source>
        <translation>必须是 %1</translation>
    </message>
    <message>
        <source>Matrix</source>
        <translation>编码矩阵</translation>
    </message>
    <message>
        <source>Wavelengths</source>
        <translation>频率与波长</translation>
    </message>
    <message>
        <source>How many positions each channel pair needs for one turn.</source>
        <translation>每个维度对转一圈需要多少个位置（波长）。</translation>
    </message>
    <message>
        <source>Ramp</source>
        <translation>斜坡函数 / 插值</translation>
    </message>
    <message>
        <source>Which pairs a scaled method keeps, blends or interpolates.</source>
        <translation>缩放方法对哪些维度对保持不变、混合或插值。</translation>
    </message>
    <message>
        <source>Decay</source>
        <translation>远程衰减</translation>
    </message>
    <message>
        <source>How the attention score changes with the distance between tokens.</source>
        <translation>注意力分数如何随词元之间的距离变化（远程衰减）。</translation>
    </message>
    <message>
        <source>Entropy</source>
        <translation>注意力熵</translation>
    </message>
    <message>
        <source>How spread out attention is as the context grows.</source>
        <translation>注意力的分散程度如何随上下文变长而变化（注意力熵）。</translation>
    </message>
    <message>
        <source>Similarity</source>
        <translation>相似度</translation>
    </message>
    <message>
        <source>How alike the encodings of two positions are.</source>
        <translation>两个位置的编码有多相似。</translation>
    </message>
    <message>
        <source>Spectrum</source>
        <translation>频谱</translation>
    </message>
    <message>
        <source>Which frequencies the encoding contains along positions.</source>
        <translation>编码沿位置方向包含哪些频率。</translation>
    </message>
    <message>
        <source>PCA</source>
        <translation>PCA</translation>
    </message>
    <message>
        <source>The encodings projected onto their main directions.</source>
        <translation>编码在其主方向上的投影。</translation>
    </message>
    <message>
        <source>Bounds</source>
        <translation>界限</translation>
    </message>
    <message>
        <source>Context lengths the frequencies can support.</source>
        <translation>这些频率能支持的上下文长度。</translation>
    </message>
    <message>
        <source>x: query position, y: key position (query × key). Wheel zooms, drag pans.</source>
        <translation>x：查询位置，y：键位置（查询 × 键）。滚轮缩放，拖动平移。</translation>
    </message>
    <message>
        <source>x: position m (one column per position, or per pixel when zoomed out; token m for an M-RoPE with a token layout), y: dimension j (channel). Wheel zooms, drag pans.</source>
        <translation>x：位置 m（每个位置一列，缩小时每个像素一列；带词元布局的 M-RoPE 为词元 m），y：维度 j（通道）。滚轮缩放，拖动平移。</translation>
    </message>
    <message>
        <source>Point sampling: each pixel shows one position, so fast channels alias (on purpose).</source>
        <translation>点采样：每个像素只显示一个位置，因此快速变化的通道会混叠（有意为之）。</translation>
    </message>
    <message>
        <source>Play</source>
        <translation>播放</translation>
    </message>
    <message>
        <source>Advance the position by the step, %1 times a second</source>
        <translation>每秒 %1 次，把位置前进一个步长</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>暂停</translation>
    </message>
    <message>
        <source>Rotation</source>
        <translation>旋转</translation>
    </message>
    <message>
        <source>Channel pairs as clock hands turning with the position; Play moves the query.</source>
        <translation>把维度对画成随位置转动的时钟指针；播放让查询位置前进。</translation>
    </message>
    <message>
        <source>from</source>
        <translation>从</translation>
    </message>
    <message>
        <source>to</source>
        <translation>到</translation>
    </message>
    <message>
        <source>Pairs</source>
        <translation>维度对表</translation>
    </message>
    <message>
        <source>Every channel pair&apos;s numbers; select and copy (Ctrl+A, Ctrl+C) or right-click for CSV / Python at full precision.</source>
        <translation>每个维度对的数值；选中后复制（Ctrl+A、Ctrl+C），或右键以完整精度复制为 CSV / Python。</translation>
    </message>
    <message>
        <source>Precision</source>
        <translation>数值精度</translation>
    </message>
    <message>
        <source>Error of cos/sin(m θ) with positions, θ or m θ in float32, bfloat16, float16.</source>
        <translation>位置、θ 或 m θ 以 float32、bfloat16、float16 保存时 cos/sin(m θ) 的误差。</translation>
    </message>
    <message>
        <source>Engines</source>
        <translation>引擎</translation>
    </message>
    <message>
        <source>Where the engines (llama.cpp, vLLM, SGLang, MLX-LM, ORT GenAI) differ from HF for the primary method: inv_freq and cos/sin per pair.</source>
        <translation>各推理引擎（llama.cpp、vLLM、SGLang、MLX-LM、ORT GenAI）与 HF 对主方法的差异：逐维度对的 inv_freq 与 cos/sin。</translation>
    </message>
    <message>
        <source>Scaling</source>
        <translation>注意力缩放</translation>
    </message>
    <message>
        <source>Attention-scaling rules (YaRN, DeepSeek, LongRoPE, Llama 4 NoPE, log-n, ...) against the context length.</source>
        <translation>注意力缩放规则（YaRN、DeepSeek、LongRoPE、Llama 4 NoPE、Qwen log-n……）随上下文长度的变化。</translation>
    </message>
    <message>
        <source>Layers</source>
        <translation>各层</translation>
    </message>
    <message>
        <source>Each layer of the loaded config: its encoding, attention window and θ. Click a layer to make its encoding the primary.</source>
        <translation>已载入配置的每一层：它的编码、注意力窗口和 θ。点击某一层即可把它的编码设为主方法。</translation>
    </message>
    <message>
        <source>Positions</source>
        <translation>位置</translation>
    </message>
    <message>
        <source>Window applies to sliding or chunked attention</source>
        <translation>“窗口”仅适用于滑动窗口或分块注意力</translation>
    </message>
    <message>
        <source>One query token&apos;s score to every token of the grid: the 2-D decay of axial RoPE.</source>
        <translation>一个查询词元对网格中每个词元的分数：轴向 RoPE 的二维衰减。</translation>
    </message>
    <message>
        <source>The token grid coloured by the rotation angle of one pair of one axis; beside it, which channels carry which axis.</source>
        <translation>按某个轴的某个维度对的旋转角着色的词元网格；旁边显示哪些通道属于哪个轴。</translation>
    </message>
    <message>
        <source>Grid</source>
        <translation>网格</translation>
    </message>
    <message>
        <source>Image and video RoPE (FLUX, Qwen-Image, HunyuanVideo, Wan, LTX-Video, CogVideoX) and VLM vision towers (Qwen2.5-VL, Pixtral, Llama 4) on the token grid.</source>
        <translation>词元网格上的图像与视频 RoPE（FLUX、Qwen-Image、HunyuanVideo、Wan、LTX-Video、CogVideoX）和 VLM 视觉编码器（Qwen2.5-VL、Pixtral、Llama 4）。</translation>
    </message>
    <message>
        <source>Applies to the llama4-scaling-beta temperature</source>
        <translation>仅在“温度”选“Mistral 随位置变化的查询温度（llama4-scaling-beta）”时适用</translation>
    </message>
    <message>
        <source>M-RoPE: the (t, h, w) ids of each token of the method&apos;s token layout, as transformers&apos; get_rope_index gives them. Dual chunk attention (Qwen2.5-1M): the query × key distance RoPE sees.</source>
        <translation>M-RoPE：方法的词元布局中每个词元的 (t, h, w) 编号，与 transformers 的 get_rope_index 给出的相同。双块注意力（Qwen2.5-1M）：RoPE 看到的“查询 × 键”距离。</translation>
    </message>
    <message>
        <source>Applies when DyPE is on</source>
        <translation>仅在开启 DyPE 时适用</translation>
    </message>
    <message>
        <source>Applies when Show is angle</source>
        <translation>仅在“显示”选“旋转角（angle）”时适用</translation>
    </message>
    <message>
        <source>Applies when Show is similarity</source>
        <translation>仅在“显示”选“相似度（similarity）”时适用</translation>
    </message>
    <message>
        <source>Applies when Show is angle or similarity</source>
        <translation>仅在“显示”选“旋转角（angle）”或“相似度（similarity）”时适用</translation>
    </message>
    <message>
        <source>auto</source>
        <comment>a colour-range limit while auto range is on</comment>
        <translation>自动</translation>
    </message>
    <message>
        <source>Angles have no closed-form mean: each pixel is the exact mean while it covers at most %1 positions, and the value at its first position beyond.</source>
        <translation>旋转角没有闭式平均：一个像素覆盖不超过 %1 个位置时是精确平均，超过后取其第一个位置的值。</translation>
    </message>
    <message>
        <source>x: position m (one column per position, or per pixel when zoomed out; token m for an M-RoPE with a token layout), y: pair i. Wheel zooms, drag pans.</source>
        <translation>x：位置 m（每个位置一列，缩小时每个像素一列；带词元布局的 M-RoPE 为词元 m），y：维度对 i。滚轮缩放，拖动平移。</translation>
    </message>
    <message>
        <source>Point sampling: each pixel shows one query and one key (on purpose, to see aliasing).</source>
        <translation>点采样：每个像素只取一个查询位置和一个键位置（有意为之，用来观察混叠）。</translation>
    </message>
    <message>
        <source>Each pixel is the exact mean bias over its query × key block.</source>
        <translation>每个像素是其查询 × 键区块上偏置的精确平均。</translation>
    </message>
    <message>
        <source>Each pixel is the exact mean over the positions it covers (an M-RoPE with a token layout, or the engine&apos;s float32 arithmetic: up to %1 positions, then the value at the first).</source>
        <translation>每个像素是其覆盖位置的精确平均（带词元布局的 M-RoPE，或“运算方式”选“引擎自身的 float32 运算（engine）”的方法：一个像素覆盖不超过 %1 个位置时是精确平均，超过后取其第一个位置的值）。</translation>
    </message>
    <message>
        <source>x: position m, y: channel (pair for the angle). Wheel zooms, drag pans; the note under the figure says how each pixel is computed.</source>
        <translation>x：位置 m，y：通道（“旋转角（angle）”为维度对）。滚轮缩放，拖动平移；图下的注释写明每个像素如何计算。</translation>
    </message>
    <message>
        <source>Every axis&apos; wavelengths against the reference and the target grid: at their trained frequencies the shaded pairs turn through angles the reference grid never reaches.</source>
        <translation>每个轴的波长与参考网格和目标网格的对比：按训练时的频率，带阴影的维度对转过参考网格达不到的角度。</translation>
    </message>
    <message>
        <source>Applies to the expected-similar score model</source>
        <translation>仅在“分数模型”选“期望相似（expected-similar）”时适用</translation>
    </message>
    <message>
        <source>Applies when a rotary method is drawn or Show is entropy-minus-rope: the other methods&apos; logits do not use the score model</source>
        <translation>仅在画出旋转类方法或“显示”选“减去 RoPE 的注意力熵（entropy-minus-rope）”时适用：其他方法的 logits 不使用分数模型</translation>
    </message>
    <message>
        <source>Head applies when the primary method is a bias method (ALiBi, T5)</source>
        <translation>“注意力头”仅在主方法为偏置类方法（ALiBi、T5）时适用</translation>
    </message>
</context>
</TS>
