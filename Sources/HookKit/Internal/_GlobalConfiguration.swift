/// The process-wide settings every hook point compiles against.
struct _GlobalConfiguration: Sendable {
    /// ``Hooks/isEnabled``.
    var isEnabled = true
    /// ``Hooks/tracer``.
    var tracer: HookTracer?
}
