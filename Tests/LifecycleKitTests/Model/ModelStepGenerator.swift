import LifecycleKit

/// Chooses the next step of a sequence from the host's state, so that most steps are requests the host
/// accepts (and some are not).
struct ModelStepGenerator {
    var random: SeededGenerator

    init(seed: UInt64) {
        random = SeededGenerator(state: seed)
    }

    mutating func next(for model: HostModel) -> ModelStep {
        let pool = model.pool
        let navigations = Array(0..<HostModel.navigationCount)
        let plain = Array(HostModel.navigationCount..<pool.count)
        let hierarchy = model.checkedHierarchy
        var free: [Int] = []
        var inWindow: [Int] = []
        var attached: [Int] = []
        for (index, screen) in pool.enumerated() {
            if model.isFree(screen) { free.append(index) }
            if hierarchy.contains(ObjectIdentifier(screen)) { inWindow.append(index) }
            if screen.parent != nil { attached.append(index) }
        }
        let animated = Bool.random(using: &random)

        switch Int.random(in: 0..<100, using: &random) {
        case 0..<19:
            return .complete
        case 19..<22:
            let containers = plain.filter { !pool[$0].children.isEmpty }
            guard let container = pick(containers, preferring: inWindow) ?? pick(plain) else { return .complete }
            let children = pool[container].children.compactMap { model.index(of: $0) }
            switch Int.random(in: 0..<8, using: &random) {
            case 0, 1: return .showOnly(container: container, child: nil)
            case 2: return .showOnly(container: container, child: pick(plain))
            default: return .showOnly(container: container, child: pick(children))
            }
        case 22..<31:
            guard let nav = pick(navigations, preferring: inWindow), let screen = pick(free) else { return .complete }
            return .push(nav: nav, screen: screen, animated: animated)
        case 31..<37:
            guard let nav = pick(navigations, preferring: inWindow) else { return .complete }
            return .pop(nav: nav, animated: animated)
        case 37..<40:
            guard let nav = pick(navigations, preferring: inWindow),
                let target = pick(stack(of: nav, in: model))
            else { return .complete }
            return .popTo(nav: nav, screen: target, animated: animated)
        case 40..<42:
            guard let nav = pick(navigations, preferring: inWindow) else { return .complete }
            return .popToRoot(nav: nav, animated: animated)
        case 42..<46:
            guard let nav = pick(navigations, preferring: inWindow) else { return .complete }
            var screens = stack(of: nav, in: model).filter { _ in Int.random(in: 0..<3, using: &random) > 0 }
            for screen in free where screen != nav && Int.random(in: 0..<4, using: &random) == 0 {
                screens.insert(screen, at: Int.random(in: 0...screens.count, using: &random))
            }
            return .setStack(nav: nav, screens: screens, animated: animated)
        case 46..<56:
            guard let from = pick(inWindow, preferring: inWindow), let screen = pick(free) else { return .complete }
            let style = ModalPresentationStyle.allCases.randomElement(using: &random)!
            return .present(from: from, screen: screen, style: style, animated: animated)
        case 56..<64:
            guard let through = pick(inWindow, preferring: inWindow) else { return .complete }
            return .dismiss(through: through, animated: animated)
        case 64..<70:
            guard let parent = pick(plain, preferring: inWindow), let child = pick(free) else { return .complete }
            return .addChild(parent: parent, child: child)
        case 70..<76:
            guard let screen = pick(attached, preferring: inWindow) else { return .complete }
            return .removeFromParent(screen)
        case 76..<81:
            guard let nav = pick(navigations, preferring: inWindow) else { return .complete }
            return .beginPop(nav: nav, translation: [12, 30, -8].randomElement(using: &random)!)
        case 81..<83:
            return .updatePop(Double(Int.random(in: 0...10, using: &random)) / 10)
        case 83..<86:
            return .finishPop
        case 86..<89:
            return .cancelPop
        case 89..<91:
            let root = Int.random(in: 0..<8, using: &random) == 0 ? nil : pick(free)
            return .setRoot(root, animated: animated)
        case 91:
            return .enterBackground
        case 92:
            return .enterForeground
        case 93:
            return .hide
        case 94:
            return .show
        default:
            return .settle
        }
    }

    /// The pool indices of the stack of the navigation controller at `nav`.
    private func stack(of nav: Int, in model: HostModel) -> [Int] {
        guard let navigation = model.pool[nav] as? NavigationController else { return [] }
        return navigation.viewControllers.compactMap { model.index(of: $0) }
    }

    /// A random element of `candidates`, three times out of four one that is also in `preferred` if any is.
    private mutating func pick(_ candidates: [Int], preferring preferred: [Int] = []) -> Int? {
        let better = candidates.filter { preferred.contains($0) }
        if !better.isEmpty && Int.random(in: 0..<4, using: &random) > 0 {
            return better.randomElement(using: &random)
        }
        return candidates.randomElement(using: &random)
    }
}
