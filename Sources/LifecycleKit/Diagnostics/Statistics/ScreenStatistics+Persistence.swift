import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reading the statistics file, setting a bad one aside, and writing it atomically.
extension ScreenStatistics {
    /// Reads the records of `url`; a missing file is an empty one, a bad one is set aside, and anything other than a
    /// regular file (a directory, a FIFO, a device, a socket) blocks the recorder's writes, untouched.
    func _load(from url: URL) {
        guard FileManager.default.fileExists(atPath: url.path) else { return }
        if let kind = _PathKind(atPath: url.path)?.nonFileDescription {
            // Setting it aside would rename what the app keeps there (a folder passed for the file inside it).
            let error = StatisticsStoreError(
                .unreadable,
                "\(url.path) is \(kind), not a statistics file; statistics stay in memory and nothing is moved or "
                    + "written there",
                fileURL: url)
            _blockingError = error
            _handler(.storeFailed(error))
            return
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            _setAside(url, code: .unreadable, reason: "it cannot be read (\(_systemReason(error)))")
            return
        }
        switch _StatisticsFile.decode(data) {
        case .success(let records):
            _records = records
        case .failure(let failure):
            _setAside(url, code: failure.code, reason: failure.reason)
        }
    }

    /// Renames the bad file at `url` aside, and reports it; if it cannot be renamed, blocks writes to `url`.
    ///
    /// When `url` is a symbolic link, the link is set aside (it may lead where nothing can be renamed, such as
    /// `/proc`), and the file it leads to is left as it is; the next write creates a file at `url`.
    func _setAside(_ url: URL, code: StatisticsStoreError.Code, reason: String) {
        let destination = _asideURL(for: url, code: code)
        if rename(url.path, destination.path) == 0 {
            let message =
                "\(url.path) was set aside as \(destination.lastPathComponent): \(reason); counting starts fresh"
            _handler(.storeFailed(StatisticsStoreError(code, message, fileURL: url, movedAsideURL: destination)))
        } else {
            let cause = String(cString: strerror(errno))
            let message =
                "\(url.path) cannot be used (\(reason)) nor moved aside (\(cause)); statistics stay in memory "
                + "and the file is not overwritten"
            let error = StatisticsStoreError(.moveAsideFailed, message, fileURL: url)
            _blockingError = error
            _handler(.storeFailed(error))
        }
    }

    /// The file that `url` leads to, following symbolic links.
    ///
    /// `url` itself unless it is a symbolic link, else (link after link, each relative to its own folder) the first
    /// path that is not one, which need not exist; `nil` for a loop of links or a chain longer than 40, which the
    /// system refuses to open too.
    static func _followingSymbolicLinks(_ url: URL) -> URL? {
        var current = url
        for _ in 0..<40 {
            guard let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: current.path) else {
                return current
            }
            current =
                destination.hasPrefix("/")
                ? URL(fileURLWithPath: destination)
                : current.deletingLastPathComponent().appendingPathComponent(destination)
        }
        return nil
    }

    /// A free name next to `url` for a bad file: `stats.json.corrupt-20250102T030405Z`, then `…-2`, `…-3`.
    ///
    /// The file's own name is cut so that the whole name, numbered up to `…-99999`, fits in a file name (255 bytes) and
    /// its path in a path (`PATH_MAX`): a bad file with a long name, or deep in folders, is still set aside (unless its
    /// folder's path leaves less room than the timestamp and a number take, where no write could be made either).
    func _asideURL(for url: URL, code: StatisticsStoreError.Code) -> URL {
        let kind: String
        switch code {
        case .unreadable: kind = "unreadable"
        case .unsupportedVersion: kind = "unsupported"
        default: kind = "corrupt"
        }
        let suffix = ".\(kind)-\(Self._timestamp(configuration.wallClock()))"
        let directory = url.deletingLastPathComponent()
        let room = min(Self._nameLimit, Self._roomForAName(in: directory))
        let name = Self._prefix(of: url.lastPathComponent, bytes: max(0, room - suffix.utf8.count - 6))
        let base = name + suffix
        var candidate = directory.appendingPathComponent(base)
        var number = 2
        // Not `fileExists`, which follows links: a link set aside before, whose target is gone, still holds its name.
        while Self._nameIsTaken(candidate.path) {
            candidate = directory.appendingPathComponent("\(base)-\(number)")
            number += 1
        }
        return candidate
    }

    /// The longest file name the file systems the recorder writes to accept, in bytes of UTF-8.
    static let _nameLimit = 255

    /// How many bytes of UTF-8 a name in `directory` may take before its path is longer than a path may be
    /// (`PATH_MAX`, its terminating zero included).
    static func _roomForAName(in directory: URL) -> Int {
        Int(PATH_MAX) - 1 - directory.path.utf8.count - 1
    }

    /// The longest prefix of `name`, cut between characters, that takes at most `limit` bytes of UTF-8; cut between
    /// Unicode scalars instead when not even its first character fits (a letter with many combining marks).
    static func _prefix(of name: String, bytes limit: Int) -> String {
        guard name.utf8.count > limit else { return name }
        var prefix = ""
        for character in name {
            guard prefix.utf8.count + character.utf8.count <= limit else { break }
            prefix.append(character)
        }
        guard prefix.isEmpty else { return prefix }
        var scalars = String.UnicodeScalarView()
        var length = 0
        for scalar in name.unicodeScalars {
            length += UTF8.width(scalar)
            guard length <= limit else { break }
            scalars.append(scalar)
        }
        return String(scalars)
    }

    /// Whether something, a symbolic link included (whether or not it leads anywhere), has the name `path`.
    static func _nameIsTaken(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0
    }

    /// `date` in UTC as `20250102T030405Z`.
    static func _timestamp(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        func two(_ value: Int?) -> String {
            let value = value ?? 0
            return value < 10 ? "0\(value)" : "\(value)"
        }
        return "\(parts.year ?? 0)\(two(parts.month))\(two(parts.day))T\(two(parts.hour))\(two(parts.minute))"
            + "\(two(parts.second))Z"
    }

    /// Writes `data` to a temporary file next to `url`, syncs it, then renames it over `url`: a reader sees
    /// the old file or the new one, never a partial one.
    ///
    /// The new file keeps the old one's permissions.
    ///
    /// When `url` is a symbolic link, the file it leads to is replaced (the temporary file is made next to it), as
    /// a plain write through the link would: renaming over the link would replace the link itself with a file, and
    /// the file it led to would never be updated again.
    func _writeAtomically(_ data: Data, to requestedURL: URL) throws(StatisticsStoreError) {
        guard let url = Self._followingSymbolicLinks(requestedURL) else {
            // Renaming over the link would replace it: the write fails, as the system's open would (ELOOP).
            throw StatisticsStoreError(
                .writeFailed, "\(requestedURL.path) cannot be written (too many levels of symbolic links)",
                fileURL: requestedURL)
        }
        let fileManager = FileManager.default
        let directory = url.deletingLastPathComponent()
        // The file's name, cut to 64 bytes, so that the temporary name fits where the file's own name does (a file
        // name of up to 255 bytes), and shorter in a folder whose path leaves less room (`PATH_MAX`).
        let unique = UUID().uuidString
        let room = Self._roomForAName(in: directory) - ".\(unique).tmp.".utf8.count
        guard room >= 0 else {
            throw StatisticsStoreError(
                .writeFailed,
                "\(url.path) cannot be written (its folder's path leaves no room for a temporary file next to it)",
                fileURL: url)
        }
        let stem = Self._prefix(of: url.lastPathComponent, bytes: min(64, room))
        let temporary = directory.appendingPathComponent(".\(stem).\(unique).tmp")
        do {
            try fileManager.createDirectory(at: directory, withIntermediateDirectories: true)
            // The new file takes the old one's permissions: made private to this user (so that a file the app made
            // private never shows its data to others, even for a moment), opened, then given them (so that a file
            // without write permission is still replaced, keeping them).
            let permissions = try? fileManager.attributesOfItem(atPath: url.path)[.posixPermissions]
            let attributes: [FileAttributeKey: Any]? = permissions == nil ? nil : [.posixPermissions: 0o600]
            guard fileManager.createFile(atPath: temporary.path, contents: nil, attributes: attributes) else {
                throw CocoaError(.fileWriteNoPermission)
            }
            let handle = try FileHandle(forWritingTo: temporary)
            defer { try? handle.close() }
            if let permissions {
                try fileManager.setAttributes([.posixPermissions: permissions], ofItemAtPath: temporary.path)
            }
            try handle.write(contentsOf: data)
            try handle.synchronize()
        } catch {
            try? fileManager.removeItem(at: temporary)
            throw StatisticsStoreError(
                .writeFailed, "\(url.path) cannot be written (\(_systemReason(error)))", fileURL: url)
        }
        guard rename(temporary.path, url.path) == 0 else {
            let cause = String(cString: strerror(errno))
            try? fileManager.removeItem(at: temporary)
            throw StatisticsStoreError(.writeFailed, "\(url.path) cannot be replaced (\(cause))", fileURL: url)
        }
    }
}
