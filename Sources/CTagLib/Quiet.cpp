#include "Quiet.hpp"

#include <tdebuglistener.h>

namespace bl {

namespace {

class SilentDebugListener : public TagLib::DebugListener {
public:
  void printMessage(const TagLib::String &) override {}
};

} // namespace

void silenceTagLib() {
  static SilentDebugListener listener;
  // A function-local static is initialised once, even with concurrent first callers.
  static const bool installed = (TagLib::setDebugListener(&listener), true);
  (void)installed;
}

} // namespace bl
