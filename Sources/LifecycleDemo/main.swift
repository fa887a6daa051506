import Foundation

exit(DemoCommand.run(Array(CommandLine.arguments.dropFirst()), output: .standardOutput, errors: .standardError))
