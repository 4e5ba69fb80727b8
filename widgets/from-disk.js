// A classic (non-module) script on widget pages: a page opened straight from
// disk (file://) cannot load module scripts or start Python in the browser, so
// each widget says so plainly instead of showing its loading spinner forever.
(function () {
  if (location.protocol !== "file:") return;
  var TEXT = {
    zh: "从磁盘直接打开的页面（地址以 file:// 开头）无法在浏览器里启动 Python，所以这个小部件不能运行。请通过网址打开本站：发布后的网站，或在网站文件夹里启动一个本地网页服务器。下面的静态示例由同一个规则程序生成，仍然准确。",
    en: "This page was opened straight from disk (its address starts with file://), where a browser cannot start Python, so this widget cannot run. Open the site through a web address instead: the published site, or a local web server started in the site folder. The static example below was made by the same rules program and is still correct.",
  };
  function mark() {
    var roots = document.querySelectorAll("[data-widget]");
    for (var i = 0; i < roots.length; i++) {
      var root = roots[i];
      if (root.getAttribute("data-state") === "unavailable") continue;
      root.setAttribute("data-state", "unavailable");
      var status = root.querySelector(".hw-status");
      if (!status) continue;
      status.hidden = false;
      status.textContent = "";
      var text = document.createElement("span");
      text.className = "hw-status-text";
      text.textContent = TEXT[root.getAttribute("data-lang") === "en" ? "en" : "zh"];
      status.appendChild(text);
    }
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", mark);
  else mark();
})();
