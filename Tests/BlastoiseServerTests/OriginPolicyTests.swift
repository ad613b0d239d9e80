import Testing

@testable import BlastoiseServer

@Suite struct OriginPolicyTests {
  let policy = OriginPolicy(allowedOrigins: ["https://app.example"])

  @Test func requestsWithoutOriginPass() {
    #expect(policy.allows(origin: nil, host: "music.local:3001", secure: false))
  }

  @Test func sameOriginPasses() {
    #expect(policy.allows(origin: "http://music.local:3001", host: "music.local:3001", secure: false))
    #expect(policy.allows(origin: "http://MUSIC.local:80", host: "music.local", secure: false))
  }

  @Test func foreignOriginIsRefused() {
    #expect(!policy.allows(origin: "http://evil.example", host: "music.local:3001", secure: false))
    #expect(!policy.allows(origin: "http://music.local:3002", host: "music.local:3001", secure: false))
    #expect(!policy.allows(origin: "https://music.local:3001", host: "music.local:3001", secure: false))
  }

  @Test func opaqueAndMalformedOriginsAreRefused() {
    #expect(!policy.allows(origin: "null", host: "music.local", secure: false))
    #expect(!policy.allows(origin: "file://", host: "music.local", secure: false))
    #expect(!policy.allows(origin: "http://a@music.local", host: "music.local", secure: false))
  }

  // Found by the request-guards fuzz target: with the default port dropped this was `https://`,
  // which normalized again to nothing.
  @Test func anOriginWithoutAHostIsRefused() {
    for origin in ["HTTPS://:443/", "http://:80", "https://:8443", "https://"] {
      #expect(OriginPolicy.normalize(origin) == nil, "\(origin)")
    }
    #expect(!policy.allows(origin: "https://:443", host: ":443", secure: true))
  }

  @Test func configuredOriginPasses() {
    #expect(policy.allows(origin: "https://app.example", host: "music.local:3001", secure: false))
  }
}
