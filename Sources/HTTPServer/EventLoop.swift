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
    ///
    /// The wake-up is written after the lock is released: a write to the eventfd wakes the loop's
    /// thread, which at once wants the same lock, and the handler threads queue behind it too. That
    /// is safe because the eventfd stays open for as long as this object lives (see `deinit`).
    func deliver(_ completion: HandlerCompletion) {
        let wakeNeeded = mailbox.withLock { box -> Bool in
            guard !box.isClosed else { return false }
            box.completions.append(completion)
            return box.completions.count == 1
        }
        if wakeNeeded { signalWakeDescriptor() }
    }

    /// Ends the loop's current `epoll_wait`, e.g. to notice that shutdown began.
    func wake() {
        let isClosed = mailbox.withLock { $0.isClosed }
        if !isClosed { signalWakeDescriptor() }
    }

    private func signalWakeDescriptor() {
        var one: UInt64 = 1
        _ = Glibc.write(wakeDescriptor, &one, MemoryLayout<UInt64>.size)
    }

    /// Moves every pending completion, in delivery order, into `batch` (which must be empty) and
    /// leaves `batch`'s former storage in the mailbox: the loop and the mailbox swap two buffers
    /// back and forth, so the lock is held only for the swap.
    func takeCompletions(into batch: inout [HandlerCompletion]) {
        mailbox.withLock { box in
            if !box.completions.isEmpty { swap(&box.completions, &batch) }
        }
    }

    /// Clears the eventfd counter after a wake-up.
    func acknowledgeWake() {
        var value: UInt64 = 0
        _ = Glibc.read(wakeDescriptor, &value, MemoryLayout<UInt64>.size)
    }

    /// Closes the epoll descriptor and stops taking completions. The eventfd stays open until the
    /// last reference to the loop goes (a handler finishing late may still be about to signal it),
    /// so its number cannot be reused under a late writer.
    func closeDescriptors() {
        mailbox.withLock { box in
            guard !box.isClosed else { return }
            box.isClosed = true
            box.completions.removeAll()
            closeDescriptor(epollDescriptor)
        }
    }

    deinit {
        closeDescriptor(wakeDescriptor)
    }
}
