/// The recorders and detectors attached to a window.
extension Window {
    /// Attaches `observer`, once.
    func _addObserver(_ observer: any _WindowObserver) {
        guard !_observers.contains(where: { $0 === observer }) else { return }
        _observers.append(observer)
    }

    /// Detaches `observer`.
    func _removeObserver(_ observer: any _WindowObserver) {
        _observers.removeAll { $0 === observer }
    }

    /// Tells each attached observer, in attachment order; an observer attached or detached meanwhile
    /// takes effect from the next event.
    func _notifyObservers(_ event: (any _WindowObserver) -> Void) {
        guard !_observers.isEmpty else { return }
        for observer in _observers {
            event(observer)
        }
    }

    /// The screens on screen now (appeared, not appearing or disappearing), parents before their children, from
    /// the root up through what it presents.
    var _appearedScreens: [Screen] {
        var result: [Screen] = []
        func visit(_ screen: Screen) {
            guard screen._appearance == .appeared else { return }
            result.append(screen)
            for child in screen.children {
                visit(child._forwardingTarget)
            }
        }
        for unit in rootScreen?._presentationChain ?? [] {
            visit(unit)
        }
        return result
    }
}
