/// What a compilation works from, copied under the storage's lock.
struct _CompilePlan {
    let levels: _Levels
    let version: UInt64
    let configuration: _GlobalConfiguration
    let cache: _CompileCache
}
