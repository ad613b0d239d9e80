import Testing

@testable import BlastoiseClient

@Suite struct CookieJarTests {
  @Test func setCookieIsSentBackAsOneCookieHeader() {
    let jar = CookieJar()
    jar.store(setCookie: "blastoise_session=abc; Path=/; Max-Age=7776000; HttpOnly; SameSite=Lax")
    jar.store(setCookie: "theme=dark; Path=/")
    #expect(jar.cookieHeader == "blastoise_session=abc; theme=dark")
    jar.store(setCookie: "blastoise_session=def; Path=/")
    #expect(jar.value(named: "blastoise_session") == "def")
  }

  @Test func anExpiredOrEmptyCookieIsForgotten() {
    let jar = CookieJar(cookieHeader: "blastoise_session=abc; theme=dark")
    jar.store(setCookie: "blastoise_session=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax")
    #expect(jar.cookieHeader == "theme=dark")
    jar.store(setCookie: "theme=dark; Expires=Thu, 01 Jan 1970 00:00:00 GMT")
    #expect(jar.cookieHeader == nil)
  }

  @Test func headersJoinedWithCommasAreSplitOutsideDates() {
    let joined = "a=1; Path=/; Expires=Wed, 21 Oct 2065 07:28:00 GMT, b=2; Path=/"
    #expect(CookieJar.splitJoined(joined) == ["a=1; Path=/; Expires=Wed, 21 Oct 2065 07:28:00 GMT", "b=2; Path=/"])
    let jar = CookieJar()
    jar.store(setCookie: joined)
    #expect(jar.cookieHeader == "a=1; b=2")
  }
}
