import Foundation

/// `--svg FILE`: a self-contained horizontal bar chart of ns/op per case on a logarithmic axis,
/// each bar labelled with its time and its ratio to `direct-call` (to `async-direct` for async cases).
struct SVGChart {
    /// The results to draw, one bar each, in order.
    let results: [CaseResult]
    /// A line under the title, such as how the numbers were measured.
    let subtitle: String

    /// The chart's width in pixels.
    private let width = 960.0
    /// Where the plot area starts: case names are right-aligned before it.
    private let plotLeft = 210.0
    /// Room right of the plot for the longest bar's label.
    private let rightMargin = 190.0
    /// The height of the title and legend area.
    private let top = 78.0
    /// The height of one row.
    private let rowHeight = 28.0
    /// The height of one bar.
    private let barHeight = 18.0
    /// The height of the tick labels and axis title under the plot.
    private let bottom = 56.0

    /// The bar colour of each category.
    private static let colors: [BenchmarkCategory: String] = [
        .baseline: "#8a8f98", .hookKit: "#2f6fdf", .peer: "#d9642b",
    ]
    /// The legend text of each category.
    private static let legend: [(BenchmarkCategory, String)] = [
        (.baseline, "baseline"), (.hookKit, "HookKit"), (.peer, "peer pattern"),
    ]

    /// The SVG document.
    func render() -> String {
        let values = results.map(\.nsPerOp).filter { $0.isFinite && $0 > 0 }
        let low = pow(10, floor(log10(values.min() ?? 1)))
        var high = pow(10, ceil(log10(values.max() ?? 10)))
        if high <= low { high = low * 10 }
        let plotWidth = width - plotLeft - rightMargin
        let plotHeight = rowHeight * Double(results.count)
        let height = top + plotHeight + bottom
        let scale = { (value: Double) -> Double in
            plotLeft + (log10(value) - log10(low)) / (log10(high) - log10(low)) * plotWidth
        }

        var svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(width))" height="\(Int(height))" \
            viewBox="0 0 \(Int(width)) \(Int(height))" font-family="Helvetica, Arial, sans-serif" font-size="13">
            <rect width="100%" height="100%" fill="#ffffff"/>
            <text x="16" y="28" font-size="18" font-weight="bold" fill="#1d1f23">\
            HookKit dispatch cost: time per operation (log scale)</text>
            <text x="16" y="50" fill="#555b64">\(Self.escape(subtitle))</text>

            """
        var legendX = width - rightMargin - 80
        for (category, label) in Self.legend.reversed() {
            legendX -= Double(label.count) * 7 + 30
            svg += """
                <rect x="\(Self.number(legendX))" y="58" width="12" height="12" fill="\(Self.colors[category]!)"/>
                <text x="\(Self.number(legendX + 17))" y="69" fill="#1d1f23">\(label)</text>

                """
        }

        var decade = low
        while decade <= high * 1.0001 {
            let x = Self.number(scale(decade))
            svg += """
                <line x1="\(x)" y1="\(Self.number(top))" x2="\(x)" y2="\(Self.number(top + plotHeight + 4))" \
                stroke="#b9bec6" stroke-width="1"/>
                <text x="\(x)" y="\(Self.number(top + plotHeight + 20))" text-anchor="middle" fill="#1d1f23">\
                \(Self.escape(NumberFormatting.tick(nanoseconds: decade)))</text>

                """
            if decade < high {
                for step in 2...9 {
                    let minor = Self.number(scale(decade * Double(step)))
                    svg += """
                        <line x1="\(minor)" y1="\(Self.number(top))" x2="\(minor)" \
                        y2="\(Self.number(top + plotHeight))" stroke="#e6e8eb" stroke-width="1"/>

                        """
                }
            }
            decade *= 10
        }
        svg += """
            <text x="\(Self.number(plotLeft + plotWidth / 2))" y="\(Self.number(top + plotHeight + 44))" \
            text-anchor="middle" fill="#555b64">ns per operation (fastest repetition); bold: ratio to direct-call, \
            or to the named baseline</text>

            """

        for (row, result) in results.enumerated() {
            let y = top + Double(row) * rowHeight + (rowHeight - barHeight) / 2
            let textY = Self.number(y + barHeight / 2 + 4.5)
            svg += """
                <text x="\(Self.number(plotLeft - 10))" y="\(textY)" text-anchor="end" fill="#1d1f23">\
                \(Self.escape(result.name))</text>

                """
            guard result.nsPerOp.isFinite, result.nsPerOp > 0 else { continue }
            let end = scale(result.nsPerOp)
            let time = "\(NumberFormatting.nanoseconds(result.nsPerOp)) ns"
            let ownBaseline = result.baseline != BenchmarkSuite.baseline.name && result.name != result.baseline
            let ratio =
                ownBaseline
                ? "\(NumberFormatting.ratio(result.ratioToBaseline)) \(result.baseline)"
                : NumberFormatting.ratio(result.ratioToDirect)
            let barWidth = Self.number(max(end - plotLeft, 1))
            svg += """
                <rect x="\(Self.number(plotLeft))" y="\(Self.number(y))" width="\(barWidth)" \
                height="\(Self.number(barHeight))" fill="\(Self.colors[result.category]!)">\
                <title>\(Self.escape(result.name)): \(Self.escape(result.summary))</title></rect>
                <text x="\(Self.number(end + 6))" y="\(textY)" fill="#1d1f23">\(Self.escape(time))\
                <tspan dx="8" fill="#555b64" font-weight="bold">\(Self.escape(ratio))</tspan></text>

                """
        }
        svg += """
            <line x1="\(Self.number(plotLeft))" y1="\(Self.number(top))" x2="\(Self.number(plotLeft))" \
            y2="\(Self.number(top + plotHeight + 4))" stroke="#1d1f23" stroke-width="1"/>
            </svg>

            """
        return svg
    }

    /// A coordinate with at most one decimal.
    private static func number(_ value: Double) -> String {
        String(format: "%.1f", value)
    }

    /// `text` with the characters XML reserves escaped.
    private static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
