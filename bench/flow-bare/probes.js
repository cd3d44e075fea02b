// In-page probes of bench/flow-editor.ts, installed before any page script in both the bare React
// Flow page and Quipu's bot editor: the moment the first diagram node is painted, and the time
// between animation frames while recording.
/* global window, document, requestAnimationFrame, MutationObserver */
(() => {
  const probe = { firstNode: undefined, frames: [], recording: false };
  window.__flowProbe = probe;

  const observer = new MutationObserver(() => {
    if (!document.querySelector('.react-flow__node')) return;
    observer.disconnect();
    requestAnimationFrame(() => {
      // The frame's paint follows this callback; a message task runs after it.
      const channel = new MessageChannel();
      channel.port1.onmessage = () => (probe.firstNode = performance.now());
      channel.port2.postMessage(null);
    });
  });
  observer.observe(document, { childList: true, subtree: true });

  probe.startFrames = () => {
    probe.frames = [];
    probe.recording = true;
    let last;
    const tick = (t) => {
      if (last !== undefined) probe.frames.push(t - last);
      last = t;
      if (probe.recording) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  };
  probe.stopFrames = () => {
    probe.recording = false;
    return probe.frames;
  };
})();
