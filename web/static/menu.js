// The site's menu on a phone: the header's links fold behind one "Menu" button that opens them
// all at once (on a wider screen the button stays hidden and the links show). Loaded right
// after the header, so a phone never draws the links unfolded first; without JavaScript the
// links simply stay shown.
"use strict";
(function () {
  var header = document.querySelector("header.site");
  var button = header && header.querySelector(".menu-button");
  if (!button) return;
  button.hidden = false;
  header.classList.add("folding");
  function show(open) {
    button.setAttribute("aria-expanded", open ? "true" : "false");
    header.classList.toggle("open", open);
  }
  button.addEventListener("click", function () {
    show(button.getAttribute("aria-expanded") !== "true");
  });
  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape" && header.classList.contains("open")) {
      show(false);
      button.focus();
    }
  });
})();
