import Foundation
import GitActivity

StandardDescriptors.reserve()
TemporaryFiles.installSignalHandlers()

let status = Command.run(
  RunContext.process(), stdout: FileDescriptorSink(descriptor: STDOUT_FILENO),
  stderr: FileDescriptorSink(descriptor: STDERR_FILENO))
exit(status)
