import LifecycleKit
import Testing

/// The small values the host hands out: lifecycle calls, bar appearances and changes, leak kinds, errors.
@Suite("Lifecycle values")
struct LifecycleValueTests {
    @Test("a lifecycle call carries `animated` for the four appearance methods only")
    func callAnimated() {
        let calls: [LifecycleCall] = [
            .loadView, .viewDidLoad, .viewWillAppear(animated: true), .viewDidAppear(animated: false),
            .viewWillDisappear(animated: true),
            .viewDidDisappear(animated: true), .willMove(toParent: nil), .didMove(toParent: nil),
        ]
        #expect(calls.map(\.animated) == [false, false, true, false, true, true, false, false])
    }

    @Test("changed attributes list what differs, in attribute order, and nothing for equal appearances")
    func changedAttributes() {
        let old = NavigationBarAppearance.builtIn
        let new = NavigationBarAppearance(
            isHidden: true, barColor: RGBAColor(red: 255, green: 0, blue: 0), shadowImage: "line", barStyle: .black)
        #expect(new.changedAttributes(from: old) == [.hidden, .barColor, .shadowImage, .barStyle])
        #expect(old.changedAttributes(from: new) == [.hidden, .barColor, .shadowImage, .barStyle])
        #expect(new.changedAttributes(from: new).isEmpty)
    }

    @Test("a bar change names what changed and whether the bar was shown or hidden")
    func barChange() {
        let shown = NavigationBarAppearance.builtIn
        let hidden = NavigationBarAppearance(isHidden: true, barStyle: .black)
        let hiding = NavigationBarChange(
            reason: .appear, screen: nil, old: shown, new: hidden, animated: true, isInteractive: false)
        let restyling = NavigationBarChange(
            reason: .appear, screen: nil, old: hidden, new: NavigationBarAppearance(isHidden: true), animated: false,
            isInteractive: false)
        #expect(hiding.changedAttributes == [.hidden, .barStyle] && hiding.changesVisibility)
        #expect(restyling.changedAttributes == [.barStyle] && !restyling.changesVisibility)
        #expect(NavigationBarAttributes().isEmpty && !NavigationBarAttributes(isHidden: false).isEmpty)
        #expect(LeakReport.Kind.allCases.map(\.description) == ["suspected", "confirmed", "releasedLate"])
    }

    @Test("leak reports and statistics records describe themselves on one line, whatever their titles and names hold")
    func oneLineDescriptions() {
        let report = LeakReport(
            kind: .suspected, typeName: "ReceiptScreen", title: "Reçu 🧾 \"x\"\nline 2 \\ end",
            statisticName: "Receipt\tA", reason: .pop, removedAt: 1, reportedAt: 2.5)
        #expect(
            report.description
                == #"suspected leak: ReceiptScreen "Reçu 🧾 \"x\"\nline 2 \\ end" [Receipt\tA] "#
                + "removed by pop at 1.000 s, still alive at 2.500 s")
        let record = ScreenStatistics.Record(name: "Two\nlines\u{1B}", stayTime: 90, viewCount: 1, resumeCount: 0)
        #expect(record.description == #"[Two\nlines\u{1B}: stayed 1.500 (mins), viewed 1, resumed 0]"#)
    }

    @Test("a name with a backslash and a name with a line break describe themselves differently")
    func backslashesInNames() {
        // Found by helper-143: `x\ny` (a backslash) and `x` + line break + `y` both printed `[x\ny: …]`.
        let (backslash, lineBreak) = (#"x\ny"#, "x\ny")
        let records = [backslash, lineBreak].map {
            ScreenStatistics.Record(name: $0, stayTime: 60, viewCount: 1, resumeCount: 0).description
        }
        #expect(
            records == [
                #"[x\\ny: stayed 1.000 (mins), viewed 1, resumed 0]"#,
                #"[x\ny: stayed 1.000 (mins), viewed 1, resumed 0]"#,
            ])
        let reports = [backslash, lineBreak].map {
            LeakReport(
                kind: .suspected, typeName: "S", title: nil, statisticName: $0, reason: .pop, removedAt: 1,
                reportedAt: 2
            ).description
        }
        #expect(reports[0].contains(#"[x\\ny]"#) && reports[1].contains(#"[x\ny]"#))
        let discarded = ScreenStatistics.Event.viewDiscarded(name: backslash, duration: 2, limit: 1)
        #expect(discarded.description == #"discarded a view of x\\ny lasting 2.000 s (limit 1.000 s)"#)
    }

    @Test("full-screen and current-context presentations cover their presenter; the others leave it on screen")
    func coveringStyles() {
        #expect(ModalPresentationStyle.allCases.filter(\.coversPresenter) == [.fullScreen, .currentContext])
    }

    @Test("two lifecycle errors are equal when their codes are, whatever their messages")
    func errorEquality() throws {
        let host = try NavigationHost(driver: .immediate)
        let b = host.screen("B")
        try host.navigation.push(b, animated: false)
        let again = #expect(throws: LifecycleError.self) { try host.navigation.push(b, animated: false) }
        let other = try NavigationController(rootScreen: Screen(title: "Other"))
        let elsewhere = #expect(throws: LifecycleError.self) { try other.push(b, animated: false) }
        let empty = #expect(throws: LifecycleError.self) {
            try host.navigation.setViewControllers([], animated: false)
        }
        let rootAgain = #expect(throws: LifecycleError.self) { try host.navigation.push(host.root, animated: false) }
        let refusals = try [#require(again), #require(elsewhere), #require(empty)]
        #expect(refusals.map(\.code) == [.alreadyInStack, .alreadyAttached, .invalidStack])
        #expect(refusals[0] != refusals[1] && Set(refusals + refusals).count == 3)
        // The same refusal about another screen: another message, the same error.
        let sameCode = try #require(rootAgain)
        #expect(sameCode.message != refusals[0].message && sameCode == refusals[0])
    }
}
