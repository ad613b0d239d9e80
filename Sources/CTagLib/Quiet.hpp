#ifndef BL_QUIET_HPP
#define BL_QUIET_HPP

namespace bl {

// TagLib reports oddities in the files it parses through a process-wide listener that prints to
// stderr; the server's stderr is its log, one line per event, so they are swallowed. Call before
// any TagLib parse; cheap after the first call.
void silenceTagLib();

} // namespace bl

#endif
