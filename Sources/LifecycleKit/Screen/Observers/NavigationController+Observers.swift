/// Telling lifecycle observers about interactive pops.
extension NavigationController {
    /// Reports the beginning or the end of an interactive pop to the observers of its popping screen (a step that
    /// only changes the progress is not reported).
    func _notifyObservers(of event: InteractivePopEvent) {
        let observerEvent: _ObserverEvent
        switch event.phase {
        case .began: observerEvent = .interactivePopDidBegin(self, event)
        case .finished, .cancelled: observerEvent = .interactivePopDidEnd(self, event)
        case .changed: return
        }
        _LifecycleObservers.notify(
            observerEvent, about: event.poppingScreen, in: _LifecycleObservers.observedWindow { window })
    }
}
