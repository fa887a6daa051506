import Foundation

exit(BenchmarkCommand.run(Array(CommandLine.arguments.dropFirst()), output: .standardOutput, errors: .standardError))
