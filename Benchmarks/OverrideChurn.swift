import HookKit

/// Registers one more every-receiver override on `point` and cancels it, `iterations` times: the operation of the
/// `register-cancel-overrides` and `register-cancel-mixed-overrides` cases, which differ in what the point holds.
func churnEveryReceiverOverride<Receiver>(on point: borrowing HookPoint<Receiver, Int, Int>, iterations: Int) {
    var cancelled = 0
    for _ in 0..<iterations {
        do {
            let token = try point.override { original in
                { this, argument in original(this, argument) &+ 3 }
            }
            if token.cancel() { cancelled &+= 1 }
        } catch {
            preconditionFailure("an every-receiver override cannot be refused: \(error)")
        }
    }
    blackHole(cancelled)
}
