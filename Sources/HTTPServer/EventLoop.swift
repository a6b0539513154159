import CEpoll
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A handler's answer on its way back to the loop that owns the connection.
struct HandlerCompletion: Sendable {
    let descriptor: Int32
    let connectionID: UInt64
    let bytes: [UInt8]
    let keepAlive: Bool
    /// Kept for the rare re-encoding when shutdown began while the handler ran.
    let response: Response
    let version: HTTPVersion
    let isHead: Bool
}

/// The thread-safe face of one event loop: its epoll and wake-up descriptors and the mailbox in
/// which handler tasks leave responses. Everything else about the loop lives on its own thread in
/// `LoopRunner`, so connection state needs no locks.
final class EventLoop: Sendable {
    let index: Int
    let epollDescriptor: Int32
    /// An eventfd the loop watches; writing to it ends `epoll_wait` early.
    let wakeDescriptor: Int32
    private struct Mailbox {
        var completions: [HandlerCompletion] = []
        /// Set when the loop has ended and its descriptors are closed: a late handler must not
        /// write to a descriptor number the process may already have reused.
        var isClosed = false
    }

    private let mailbox = Mutex(Mailbox())

    init(index: Int) throws(SystemError) {
        self.index = index
        epollDescriptor = try systemCall("epoll_create1") { epoll_create1(Int32(EPOLL_CLOEXEC)) }
        do throws(SystemError) {
            wakeDescriptor = try systemCall("eventfd") { eventfd(0, Int32(EFD_NONBLOCK | EFD_CLOEXEC)) }
        } catch {
            closeDescriptor(epollDescriptor)
            throw error
        }
    }

    /// Hands a finished response to the loop. Only the first completion into an empty mailbox pays
    /// for a wake-up; the loop drains the whole mailbox each time it runs, so bursts coalesce.
    func deliver(_ completion: HandlerCompletion) {
        mailbox.withLock { box in
            guard !box.isClosed else { return }
            box.completions.append(completion)
            // The write happens under the lock so it cannot race `closeDescriptors`.
            if box.completions.count == 1 { signalWakeDescriptor() }
        }
    }

    /// Ends the loop's current `epoll_wait`, e.g. to notice that shutdown began.
    func wake() {
        mailbox.withLock { box in
            if !box.isClosed { signalWakeDescriptor() }
        }
    }

    private func signalWakeDescriptor() {
        var one: UInt64 = 1
        _ = Glibc.write(wakeDescriptor, &one, MemoryLayout<UInt64>.size)
    }

    /// Takes every pending completion, in delivery order.
    func takeCompletions() -> [HandlerCompletion] {
        mailbox.withLock { box in
            if box.completions.isEmpty { return [] }
            let taken = box.completions
            box.completions.removeAll(keepingCapacity: true)
            return taken
        }
    }

    /// Clears the eventfd counter after a wake-up.
    func acknowledgeWake() {
        var value: UInt64 = 0
        _ = Glibc.read(wakeDescriptor, &value, MemoryLayout<UInt64>.size)
    }

    func closeDescriptors() {
        mailbox.withLock { box in
            guard !box.isClosed else { return }
            box.isClosed = true
            box.completions.removeAll()
            closeDescriptor(wakeDescriptor)
            closeDescriptor(epollDescriptor)
        }
    }
}
