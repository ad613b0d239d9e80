import CCurl
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// One libcurl transfer on the calling thread (blocking). The handle's callbacks reach this
/// object through an unretained pointer, valid while `perform` runs.
final class OutboundTransfer {
  private let request: OutboundRequest
  private let settings: OutboundHTTP
  private var body: [UInt8] = []
  private var headers: [String: String] = [:]
  /// The status of each answer in the redirect chain, the last one's included.
  private var statuses: [Int] = []
  private var tooLarge = false
  private var received = 0
  private var sinkRefused = false
  private var refused: IPAddress?

  private static let initialized: Bool = curl_global_init(Int(CURL_GLOBAL_DEFAULT)) == CURLE_OK

  init(request: OutboundRequest, settings: OutboundHTTP) {
    self.request = request
    self.settings = settings
  }

  func perform() -> Result<OutboundResponse, OutboundFailure> {
    guard Self.initialized, let handle = curl_easy_init() else {
      return .failure(OutboundFailure(.failed, "The HTTP client could not start"))
    }
    defer { curl_easy_cleanup(handle) }
    var headerList: UnsafeMutablePointer<curl_slist>?
    defer { curl_slist_free_all(headerList) }
    for header in requestHeaders() { headerList = curl_slist_append(headerList, header) }

    let context = Unmanaged.passUnretained(self).toOpaque()
    bl_curl_set_string(handle, CURLOPT_URL, request.url)
    // Never through a proxy from the environment: the address check would see the proxy's.
    bl_curl_set_string(handle, CURLOPT_PROXY, "")
    bl_curl_set_string(handle, CURLOPT_PROTOCOLS_STR, "http,https")
    bl_curl_set_string(handle, CURLOPT_REDIR_PROTOCOLS_STR, "http,https")
    bl_curl_set_long(handle, CURLOPT_FOLLOWLOCATION, 1)
    bl_curl_set_long(handle, CURLOPT_MAXREDIRS, OutboundHTTP.maxRedirects)
    bl_curl_set_long(handle, CURLOPT_NOSIGNAL, 1)
    bl_curl_set_long(handle, CURLOPT_CONNECTTIMEOUT, settings.connectTimeoutSeconds)
    bl_curl_set_long(handle, CURLOPT_TIMEOUT, settings.timeoutSeconds)
    // Every encoding this libcurl decodes (gzip, deflate…), asked for and undone.
    bl_curl_set_string(handle, CURLOPT_ACCEPT_ENCODING, "")
    bl_curl_set_string(handle, CURLOPT_USERAGENT, OutboundHTTP.userAgent)
    bl_curl_set_size(handle, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(request.maxBytes))
    bl_curl_set_headers(handle, headerList)
    bl_curl_set_open_socket(handle, Self.openSocket)
    bl_curl_set_pointer(handle, CURLOPT_OPENSOCKETDATA, context)
    bl_curl_set_data_callback(handle, CURLOPT_WRITEFUNCTION, Self.receiveBody)
    bl_curl_set_pointer(handle, CURLOPT_WRITEDATA, context)
    bl_curl_set_data_callback(handle, CURLOPT_HEADERFUNCTION, Self.receiveHeader)
    bl_curl_set_pointer(handle, CURLOPT_HEADERDATA, context)

    let code = curl_easy_perform(handle)
    if let failure = failure(code) { return .failure(failure) }
    var status = 0
    bl_curl_info_long(handle, CURLINFO_RESPONSE_CODE, &status)
    var finalURL: UnsafeMutablePointer<CChar>?
    bl_curl_info_string(handle, CURLINFO_EFFECTIVE_URL, &finalURL)
    return .success(
      OutboundResponse(
        status: status, url: finalURL.map { String(cString: $0) } ?? request.url, headers: headers, body: body,
        redirects: statuses.dropLast().filter { (300..<400).contains($0) }))
  }

  private func requestHeaders() -> [String] {
    var lines = ["Accept: \(request.accept)"]
    // A validator is a server's own text; one that could split a header is not sent back.
    if let etag = request.etag, Self.isHeaderValue(etag) { lines.append("If-None-Match: \(etag)") }
    if let modified = request.lastModified, Self.isHeaderValue(modified) {
      lines.append("If-Modified-Since: \(modified)")
    }
    return lines
  }

  private static func isHeaderValue(_ text: String) -> Bool {
    !text.isEmpty && text.utf8.count <= 1024 && text.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value < 0x7f }
  }

  private func failure(_ code: CURLcode) -> OutboundFailure? {
    if code == CURLE_OK { return nil }
    if let refused {
      return OutboundFailure(
        .refusedAddress, "\(refused) is a private or local address; this server only fetches from public addresses")
    }
    if sinkRefused { return OutboundFailure(.failed, "The answer could not be stored") }
    if tooLarge || code == CURLE_FILESIZE_EXCEEDED {
      return OutboundFailure(.tooLarge, "The answer is larger than \(request.maxBytes >> 20) MB")
    }
    switch code {
    case CURLE_OPERATION_TIMEDOUT:
      return OutboundFailure(.timedOut, "No complete answer within \(settings.timeoutSeconds) s")
    case CURLE_TOO_MANY_REDIRECTS:
      return OutboundFailure(.tooManyRedirects, "More than \(OutboundHTTP.maxRedirects) redirects")
    case CURLE_COULDNT_RESOLVE_HOST: return OutboundFailure(.failed, "Cannot find the host")
    case CURLE_COULDNT_CONNECT: return OutboundFailure(.failed, "Cannot connect to the host")
    default: return OutboundFailure(.failed, String(cString: curl_easy_strerror(code)))
    }
  }

  /// libcurl asks for each socket it would connect, with the address it will connect it to.
  private static let openSocket: bl_curl_open_socket_callback = { context, _, address in
    guard let context, let address else { return CURL_SOCKET_BAD }
    let transfer = Unmanaged<OutboundTransfer>.fromOpaque(context).takeUnretainedValue()
    let target = connectingTo(address)
    guard let target, transfer.settings.permits(target) else {
      transfer.refused = target
      return CURL_SOCKET_BAD
    }
    // Close-on-exec from the start: a yt-dlp spawned meanwhile must not inherit it.
    return socket(
      address.pointee.family, address.pointee.socktype | Int32(SOCK_CLOEXEC.rawValue), address.pointee.protocol)
  }

  /// The address in libcurl's `curl_sockaddr`. Its `addr` field is declared as a 16-byte
  /// `sockaddr`, but an IPv6 address (28 bytes) runs on past it, so it is read where it lies, never
  /// through a copy of the field.
  static func connectingTo(_ address: UnsafePointer<curl_sockaddr>) -> IPAddress? {
    let offset = MemoryLayout<curl_sockaddr>.offset(of: \.addr)!
    return IPAddress(socketAddress: (UnsafeRawPointer(address) + offset).assumingMemoryBound(to: sockaddr.self))
  }

  private static let receiveBody: bl_curl_data_callback = { data, size, count, context in
    guard let context else { return 0 }
    let transfer = Unmanaged<OutboundTransfer>.fromOpaque(context).takeUnretainedValue()
    let length = size * count
    guard transfer.received + length <= transfer.request.maxBytes else {
      transfer.tooLarge = true
      return 0
    }
    transfer.received += length
    guard let data else { return length }
    if let sink = transfer.request.sink {
      guard sink.write(UnsafeRawBufferPointer(start: data, count: length)) else {
        transfer.sinkRefused = true
        return 0
      }
    } else {
      data.withMemoryRebound(to: UInt8.self, capacity: length) {
        transfer.body.append(contentsOf: UnsafeBufferPointer(start: $0, count: length))
      }
    }
    return length
  }

  /// Header lines of every answer in the chain: a status line starts the next answer's.
  private static let receiveHeader: bl_curl_data_callback = { data, size, count, context in
    guard let context else { return 0 }
    let transfer = Unmanaged<OutboundTransfer>.fromOpaque(context).takeUnretainedValue()
    let length = size * count
    guard let data else { return length }
    let line = String(decoding: UnsafeRawBufferPointer(start: data, count: length), as: UTF8.self)
    if line.hasPrefix("HTTP/") {
      transfer.headers = [:]
      // "HTTP/1.1 301 Moved Permanently": the number after the version.
      if let code = line.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) { transfer.statuses.append(code) }
    } else if let colon = line.firstIndex(of: ":") {
      let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
      let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespacesAndNewlines)
      if !name.isEmpty { transfer.headers[name] = value }
    }
    return length
  }
}
