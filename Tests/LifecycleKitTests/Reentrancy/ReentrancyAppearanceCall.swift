/// One of the four appearance methods of a screen, as the re-entrancy explorer records it.
enum ReentrancyAppearanceCall: String {
    case viewWillAppear
    case viewDidAppear
    case viewWillDisappear
    case viewDidDisappear
}
