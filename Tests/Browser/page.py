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


def browser():
    options = webdriver.ChromeOptions()
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
    driver = browser()
    try:
        results = [run(driver, page, step) for step in plan]
    finally:
        driver.quit()
    json.dump(results, sys.stdout)


if __name__ == "__main__":
    main()
