/// What a transition changes on screen, decided when it starts: the screens that disappear (with what
/// is shown through them) and the screens that appear (with what they forward appearance to), and where.
struct _AppearancePlan {
    /// Where a screen appears: as a unit of a window, or through a parent.
    enum Place {
        case unit(Window)
        case child(Screen)
    }

    /// The screens that disappear, in the order their will-calls run.
    var disappearing: [Screen] = []
    /// The screens that appear, in the order their will-calls run, and where.
    var appearing: [(screen: Screen, place: Place)] = []

    /// Adds the changes of `other` that this plan does not hold yet.
    mutating func merge(_ other: _AppearancePlan) {
        for screen in other.disappearing where !disappearing.contains(where: { $0 === screen }) {
            disappearing.append(screen)
        }
        for entry in other.appearing where !appearing.contains(where: { $0.screen === entry.screen }) {
            appearing.append(entry)
        }
    }
}
