// libmpv's client API (Debian: libmpv-dev, API 2.0). Everything the Linux player needs is in
// client.h; the functions used are not variadic, so no C shim target is needed.
#include <mpv/client.h>
