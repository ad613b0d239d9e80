import Foundation
import Testing

@testable import BlastoiseHTTP

/// Writes `bytes` to a new file in `directory` and returns its path.
private func writeFile(_ directory: String, _ name: String, _ bytes: [UInt8]) throws -> String {
  let path = directory + "/" + name
  try Data(bytes).write(to: URL(fileURLWithPath: path))
  return path
}

/// Leases `offset..<offset+length` of the file at `path` (the descriptor is closed right after,
/// as the server does).
private func lease(_ mappings: FileMappings, _ path: String, offset: UInt64 = 0, length: UInt64? = nil)
  -> FileMappings.Lease?
{
  let descriptor = open(path, O_RDONLY | O_CLOEXEC)
  defer { close(descriptor) }
  let size = UInt64((try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0)
  return mappings.lease(descriptor, offset: offset, length: length ?? size - offset)
}

/// Whether the process has `path` mapped, as the kernel reports it. (Read through a handle:
/// /proc files report a size of 0.)
private func isMapped(_ path: String) throws -> Bool {
  let maps = try #require(FileHandle(forReadingAtPath: "/proc/self/maps"))
  defer { try? maps.close() }
  return String(decoding: try maps.readToEnd() ?? Data(), as: UTF8.self).contains(path)
}

private func bytes(of lease: FileMappings.Lease, count: Int) -> [UInt8] {
  Array(UnsafeRawBufferPointer(start: lease.bytes, count: count))
}

@Test func aLeaseHoldsTheRequestedBytesAndLeasesOfOneFileShareAMapping() throws {
  let directory = try makeTemporaryDirectory()
  defer { removeDirectory(directory) }
  let content = patternBytes(count: 100_000, seed: 7)
  let path = try writeFile(directory, "a.bin", content)
  let mappings = FileMappings(fileLimit: 8)

  let whole = try #require(lease(mappings, path))
  let middle = try #require(lease(mappings, path, offset: 4097, length: 5000))
  #expect(bytes(of: whole, count: content.count) == content)
  #expect(bytes(of: middle, count: 5000) == Array(content[4097..<9097]))
  #expect(mappings.mappedFileCount == 1)
  whole.release()
  middle.release()
  // Idle within the limit: kept for the next request.
  #expect(mappings.mappedFileCount == 1)
  #expect(try isMapped(path))
}

@Test func aReplacedFileGetsAFreshMapping() throws {
  let directory = try makeTemporaryDirectory()
  defer { removeDirectory(directory) }
  let path = try writeFile(directory, "a.bin", patternBytes(count: 50_000, seed: 1))
  let mappings = FileMappings(fileLimit: 8)
  try #require(lease(mappings, path)).release()

  // Same size, new inode (rename over it, as uploads and imports place files).
  let replacement = patternBytes(count: 50_000, seed: 2)
  let staged = try writeFile(directory, "staged.bin", replacement)
  #expect(rename(staged, path) == 0)
  let fresh = try #require(lease(mappings, path))
  #expect(bytes(of: fresh, count: replacement.count) == replacement)
  #expect(mappings.mappedFileCount == 2)
  fresh.release()
}

@Test func idleMappingsBeyondTheLimitAreUnmappedOldestFirst() throws {
  let directory = try makeTemporaryDirectory()
  defer { removeDirectory(directory) }
  let paths = try (0..<3).map { try writeFile(directory, "\($0).bin", patternBytes(count: 8192, seed: UInt64($0))) }
  let mappings = FileMappings(fileLimit: 2)
  for path in paths { try #require(lease(mappings, path)).release() }

  #expect(mappings.mappedFileCount == 2)
  #expect(try !isMapped(paths[0]))
  #expect(try isMapped(paths[1]) && isMapped(paths[2]))
}

@Test func mappingsInUseAreNeverUnmapped() throws {
  let directory = try makeTemporaryDirectory()
  defer { removeDirectory(directory) }
  let first = try writeFile(directory, "first.bin", patternBytes(count: 8192, seed: 1))
  let secondContent = patternBytes(count: 8192, seed: 2)
  let second = try writeFile(directory, "second.bin", secondContent)
  let mappings = FileMappings(fileLimit: 1)

  let firstLease = try #require(lease(mappings, first))
  let secondLease = try #require(lease(mappings, second))
  #expect(mappings.mappedFileCount == 2)  // Over the limit, but both are being sent.
  firstLease.release()
  #expect(mappings.mappedFileCount == 1)
  #expect(try !isMapped(first))
  #expect(bytes(of: secondLease, count: secondContent.count) == secondContent)
  secondLease.release()
  #expect(mappings.mappedFileCount == 1)
}

@Test func emptyFilesAndRangesOutsideTheFileAreNotMapped() throws {
  let directory = try makeTemporaryDirectory()
  defer { removeDirectory(directory) }
  let empty = try writeFile(directory, "empty.bin", [])
  let small = try writeFile(directory, "small.bin", patternBytes(count: 100))
  let mappings = FileMappings(fileLimit: 8)

  #expect(lease(mappings, empty) == nil)
  #expect(lease(mappings, small, offset: 50, length: 51) == nil)
  #expect(lease(mappings, small, offset: 101, length: 0) == nil)
  #expect(mappings.mappedFileCount == 0)
}
