#!/usr/bin/python3
"""Drives the contribution page (--format html) in headless Chromium through chromedriver, as a
user would: opens it from file://, clicks, types, tabs, switches years and colour schemes, and
prints what the page showed as JSON, for the Swift tests to compare with git.

  page.py PAGE.html PLAN.json   (PLAN: a list of steps; see `run` for what each does)
"""
import json
import sys
import time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys


def browser(javascript=True):
    options = webdriver.ChromeOptions()
    if not javascript:
        options.add_experimental_option(
            "prefs", {"profile.managed_default_content_settings.javascript": 2})
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=1280,1000", "--hide-scrollbars", "--force-device-scale-factor=1",
                     "--no-first-run", "--disable-extensions", "--disable-background-networking"]:
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL", "performance": "ALL"})
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


def poll(condition, seconds=10):
    end = time.time() + seconds
    while time.time() < end:
        value = condition()
        if value:
            return value
        time.sleep(0.02)
    raise TimeoutError("the page did not get there in %d s" % seconds)


def cells(driver):
    return driver.execute_script("""
      return {
        headline: document.getElementById('headline').textContent,
        statistics: document.getElementById('statistics').textContent,
        breakdown: document.getElementById('breakdown').textContent,
        view: (document.querySelector('#years button[aria-pressed=true]') || {}).textContent,
        cells: Array.from(document.querySelectorAll('table.grid td.day')).map(function (c) {
          return [c.dataset.date, Number(c.dataset.count), Number(c.dataset.level),
                  c.querySelector('.sr').textContent]; }),
        people: Array.from(document.querySelectorAll('#author-table tbody tr')).map(function (r) {
          return Array.from(r.children).map(function (c) { return c.textContent; }); }),
        punchcard: Array.from(document.querySelectorAll('table.punchcard tbody td')).map(function (c) {
          return Number(c.dataset.count); })
      };""")


def day(driver):
    return driver.execute_script("""
      return {
        heading: document.getElementById('day-heading').textContent,
        totals: document.getElementById('day-totals').textContent,
        groups: Array.from(document.querySelectorAll('#day-commits h3')).map(function (h) { return h.textContent; }),
        commits: Array.from(document.querySelectorAll('#day-commits li')).map(function (li) {
          var link = li.querySelector('a.hash');
          return { id: li.dataset.id, hash: li.querySelector('.hash').textContent,
                   time: li.querySelector('.time').textContent,
                   author: li.querySelector('.author').textContent,
                   subject: li.querySelector('.subject').textContent,
                   co: (li.querySelector('.co') || {}).textContent || null,
                   change: (li.querySelector('.change') || {}).textContent || null,
                   href: link ? link.getAttribute('href') : null }; }),
        selected: (document.querySelector('table.grid td.day.selected') || {dataset: {}}).dataset.date || null,
        focused: document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.date || null : null
      };""")


def layout(driver):
    """How the page sits in its window: sideways scroll, where the graph opens, what Tab reaches
    and whether it is named, and the lowest contrast of any visible text, computed as WCAG 2
    does from the colours the browser resolved."""
    return driver.execute_script("""
      function rgba(text) {
        var m = text.match(/rgba?\\(([^)]*)\\)/); if (!m) return [0, 0, 0, 0];
        var v = m[1].split(/[ ,\\/]+/).filter(Boolean).map(Number); if (v.length < 4) v.push(1); return v;
      }
      function over(top, below) { var a = top[3]; return [0, 1, 2].map(function (k) { return top[k] * a + below[k] * (1 - a); }).concat([1]); }
      function background(e) {
        var layers = [];
        for (var n = e; n && n.nodeType === 1; n = n.parentElement) { var c = rgba(getComputedStyle(n).backgroundColor); if (c[3] > 0) layers.push(c); }
        var base = [255, 255, 255, 1];
        for (var k = layers.length - 1; k >= 0; k--) base = over(layers[k], base);
        return base;
      }
      function luminance(c) { var v = c.slice(0, 3).map(function (x) { x /= 255; return x <= 0.04045 ? x / 12.92 : Math.pow((x + 0.055) / 1.055, 2.4); }); return 0.2126 * v[0] + 0.7152 * v[1] + 0.0722 * v[2]; }
      function contrast(a, b) { var x = luminance(a), y = luminance(b); return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05); }
      var lowest = null, checked = 0;
      document.querySelectorAll('body *').forEach(function (e) {
        var own = Array.from(e.childNodes).some(function (n) { return n.nodeType === 3 && n.textContent.trim(); });
        if (!own || e.closest('.sr, [hidden], noscript, script, style, #tooltip')) return;
        var box = e.getBoundingClientRect(); if (box.width === 0 || box.height === 0) return;
        var s = getComputedStyle(e); if (s.visibility === 'hidden' || s.display === 'none') return;
        var bg = background(e), fg = over(rgba(s.color), bg), ratio = contrast(fg, bg);
        checked++;
        if (!lowest || ratio < lowest.ratio) lowest = { ratio: Math.round(ratio * 100) / 100, text: e.textContent.trim().slice(0, 30), tag: e.tagName.toLowerCase(), cls: e.className };
      });
      var graph = document.getElementById('graph'), g = graph.getBoundingClientRect();
      var days = Array.from(graph.querySelectorAll('td.day'));
      var newest = days.reduce(function (a, c) { return !a || c.dataset.date > a.dataset.date ? c : a; }, null);
      var n = newest ? newest.getBoundingClientRect() : null;
      var unnamed = [];
      document.querySelectorAll('a[href], button, input, select, [tabindex]').forEach(function (e) {
        if (e.closest('[hidden]') || e.getAttribute('tabindex') === '-1') return;
        var name = (e.getAttribute('aria-label') || e.textContent || '').trim() || (e.id && document.querySelector('label[for="' + e.id + '"]') ? 'label' : '') || (e.getAttribute('aria-labelledby') ? 'labelledby' : '');
        if (!name) unnamed.push(e.tagName.toLowerCase() + '#' + e.id + '.' + e.className);
      });
      var tiles = document.querySelectorAll('#calendar td[data-day]');
      return {
        viewport: window.innerWidth, page: document.documentElement.scrollWidth,
        graphWidth: Math.round(g.width), graphScrolls: graph.scrollWidth > graph.clientWidth,
        newestVisible: !!n && n.left >= g.left - 1 && n.right <= g.right + 1,
        newest: newest ? newest.dataset.date : null,
        days: days.length, lowestContrast: lowest, checked: checked, unnamed: unnamed,
        calendarTiles: tiles.length,
        calendarInTabOrder: document.querySelectorAll('#calendar td[data-day][tabindex="0"]').length,
        calendarNamed: Array.from(tiles).every(function (t) { return t.getAttribute('role') === 'gridcell' && (t.querySelector('.sr') || {}).textContent; }),
        headline: document.getElementById('headline').textContent,
        statistics: document.getElementById('statistics').textContent,
        levels: days.map(function (c) { return [c.dataset.date, Number((c.className.match(/l(\\d)/) || [0, -1])[1])]; }),
        shown: Array.from(document.querySelectorAll('section, nav, .controls')).filter(function (e) { return !e.closest('[hidden]'); }).map(function (e) { return e.id || e.className; })
      };""")


def run(driver, page, step):
    kind = step["do"]
    if kind == "open":
        start = time.time()
        driver.get("file://" + page)
        poll(lambda: driver.execute_script("return document.documentElement.dataset.ready === '1'"))
        ready = driver.execute_script(
            "return performance.now()")
        return {"seconds": time.time() - start, "readyMilliseconds": ready,
                "title": driver.title}
    if kind == "device":
        # A phone, tablet or desktop width (a headless window is never narrower than 500 px,
        # so the width is the emulated device's), in a colour scheme.
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": step["width"], "height": step.get("height", 900), "deviceScaleFactor": 1,
            "mobile": step["width"] < 600})
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {
            "media": "", "features": [{"name": "prefers-color-scheme", "value": step["scheme"]}]})
        return {"width": driver.execute_script("return window.innerWidth")}
    if kind == "load":  # without waiting for the script (which may be off)
        driver.get("file://" + page)
        poll(lambda: driver.execute_script("return document.readyState === 'complete'"))
        return {"ready": driver.execute_script("return document.documentElement.dataset.ready || null")}
    if kind == "layout":
        return layout(driver)
    if kind == "cells":
        return cells(driver)
    if kind == "click":
        driver.find_element(By.CSS_SELECTOR, 'table.grid td.day[data-date="%s"]' % step["date"]).click()
        return day(driver)
    if kind == "year":
        driver.find_element(By.XPATH, '//nav[@id="years"]//button[normalize-space()="%s"]' % step["label"]).click()
        poll(lambda: driver.execute_script(
            "var b = document.querySelector('#years button[aria-pressed=true]'); return b && b.textContent === arguments[0]",
            step["label"]))
        return cells(driver)
    if kind == "measure":
        from selenium.webdriver.support.ui import Select
        Select(driver.find_element(By.ID, "measure")).select_by_value(step["value"])
        poll(lambda: driver.execute_script(
            "return document.getElementById('measure').value === arguments[0]", step["value"]))
        return cells(driver)
    if kind == "type":
        box = driver.find_element(By.ID, "filter")
        box.clear()
        box.send_keys(step["text"])
        poll(lambda: driver.execute_script(
            "return document.documentElement.dataset.filter === arguments[0]", step["text"]))
        return cells(driver)
    if kind == "clear":
        box = driver.find_element(By.ID, "filter")
        box.send_keys(Keys.CONTROL, "a")
        box.send_keys(Keys.DELETE)
        poll(lambda: driver.execute_script("return document.documentElement.dataset.filter === ''"))
        return cells(driver)
    if kind == "toggle":
        driver.find_element(By.ID, "repository-%d" % step["repository"]).click()
        return cells(driver)
    if kind == "keys":
        for key in step["keys"]:
            driver.switch_to.active_element.send_keys(getattr(Keys, key))
        return day(driver)
    if kind == "day":
        return day(driver)
    if kind == "month":
        driver.execute_script(
            "var s = document.getElementById('month'); s.value = arguments[0];"
            "s.dispatchEvent(new Event('change'));", step["value"])
        return driver.execute_script("""
          return { caption: document.querySelector('#calendar caption').textContent,
                   tiles: Array.from(document.querySelectorAll('#calendar td[data-day]')).map(function (t) {
                     return [t.querySelector('[aria-hidden]').textContent, Number(t.dataset.count)]; }) };""")
    if kind == "tab":
        driver.execute_script("document.activeElement && document.activeElement.blur(); window.scrollTo(0, 0);")
        driver.find_element(By.TAG_NAME, "body").click()
        seen = []
        for _ in range(step["count"]):
            webdriver.ActionChains(driver).send_keys(Keys.TAB).perform()
            seen.append(driver.execute_script("""
              var e = document.activeElement, s = getComputedStyle(e);
              return { tag: e.tagName.toLowerCase(), id: e.id || null, type: e.type || null,
                       text: (e.textContent || '').trim().slice(0, 40), date: e.dataset ? e.dataset.date || null : null,
                       outline: s.outlineStyle + ' ' + s.outlineWidth + ' ' + s.outlineColor,
                       visible: e.getBoundingClientRect().width > 0 };"""))
        return seen
    if kind == "screenshot":
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {
            "media": step.get("media", ""),
            "features": [{"name": "prefers-color-scheme", "value": step["scheme"]},
                         {"name": "prefers-reduced-motion", "value": step.get("motion", "no-preference")}]})
        height = driver.execute_script("return document.documentElement.scrollHeight")
        driver.set_window_size(step.get("width", 1280), min(height + 200, step.get("height", 4000)))
        driver.save_screenshot(step["path"])
        background = driver.execute_script("return getComputedStyle(document.body).backgroundColor")
        return {"background": background}
    if kind == "eval":
        return driver.execute_script(step["script"])
    if kind == "logs":
        console = [entry for entry in driver.get_log("browser")]
        requests = []
        for entry in driver.get_log("performance"):
            message = json.loads(entry["message"])["message"]
            if message["method"] == "Network.requestWillBeSent":
                requests.append(message["params"]["request"]["url"])
        return {"console": console, "requests": requests}
    raise ValueError("unknown step " + kind)


def main():
    page, plan = sys.argv[1], json.load(open(sys.argv[2]))
    javascript = not (plan and plan[0].get("do") == "javascript-off")
    if not javascript:
        plan = plan[1:]
    driver = browser(javascript)
    try:
        results = [run(driver, page, step) for step in plan]
    finally:
        driver.quit()
    json.dump(results, sys.stdout)


if __name__ == "__main__":
    main()
