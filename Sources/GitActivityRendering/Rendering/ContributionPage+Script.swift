/// The contribution page's script: it reads the embedded JSON and draws every part of the page
/// from it, anew when a year, a day, a person filter or a repository changes. Text from commits
/// only ever reaches the page through `textContent` and attributes set with `setAttribute`,
/// never as markup. The counting rules are the library's: a day's level follows `LevelScale`
/// (GitHub's quartiles with its outlier cut, or linear, or log), and the statistics follow
/// `Statistics` (the longest streak is the latest of the longest, the busiest day the latest of
/// the busiest, a current streak only for a view that holds today).
extension ContributionPage {
  static let script = #"""
    "use strict";
    (function () {
    var data = JSON.parse(document.getElementById("data").textContent);
    var C = data.commits, N = C.day.length, hasLines = !!C.insertions;
    var MONTHS = ["January","February","March","April","May","June","July","August","September","October","November","December"];
    var DAYS = ["Sunday","Monday","Tuesday","Wednesday","Thursday","Friday","Saturday"];
    function $(id) { return document.getElementById(id); }
    function el(tag, attributes, text) {
      var node = document.createElement(tag);
      if (attributes) for (var key in attributes) node.setAttribute(key, attributes[key]);
      if (text !== undefined) node.textContent = text;
      return node;
    }
    function parts(n) {
      var date = new Date(0); date.setTime(n * 86400000);
      return [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()];
    }
    function dayNumber(year, month, day) {
      var date = new Date(0); date.setUTCFullYear(year, month - 1, day);
      return Math.round(date.getTime() / 86400000);
    }
    function weekday(n) { return ((n + 4) % 7 + 7) % 7; }
    function two(v) { return (v < 10 ? "0" : "") + v; }
    function iso(n) {
      var p = parts(n), y = String(p[0]);
      while (y.length < 4) y = "0" + y;
      return y + "-" + two(p[1]) + "-" + two(p[2]);
    }
    function shortDate(n) { var p = parts(n); return p[2] + " " + MONTHS[p[1] - 1] + " " + p[0]; }
    function longDate(n) { var p = parts(n); return DAYS[weekday(n)] + ", " + p[2] + " " + MONTHS[p[1] - 1] + " " + p[0]; }
    function grouped(v) { return String(v).replace(/\B(?=(\d{3})+(?!\d))/g, ","); }
    function count(v, word) { return grouped(v) + " " + word + (v === 1 ? "" : "s"); }
    // What a commit weighs under the measure, and the measure's words, as ReportText has them.
    function weight(i) {
      switch (state.measure) {
        case "lines": return C.insertions[i] + C.deletions[i];
        case "insertions": return C.insertions[i];
        case "deletions": return C.deletions[i];
        default: return 1;
      }
    }
    function amount(v) {
      switch (state.measure) {
        case "lines": return count(v, "line");
        case "insertions": return count(v, "line") + " added";
        case "deletions": return count(v, "line") + " removed";
        default: return count(v, "commit");
      }
    }
    function plusMinus(a, d) { return "+" + grouped(a) + " \u2212" + grouped(d); }

    // Levels, as LevelScale has them.
    function thresholds(counts) {
      var positive = [], distinct = {}, kinds = 0, maximum = 0;
      for (var i = 0; i < counts.length; i++) if (counts[i] > 0) {
        positive.push(counts[i]);
        if (!distinct[counts[i]]) { distinct[counts[i]] = true; kinds++; }
        if (counts[i] > maximum) maximum = counts[i];
      }
      if (!positive.length) return 0;
      if (data.scale === "quantile") {
        positive.sort(function (a, b) { return a - b; });
        return [1, 2, 3].map(function (q) { return positive[Math.max(0, Math.ceil(q * positive.length / 4) - 1)]; });
      }
      if (data.scale !== "github" || kinds < 5) return maximum;
      var mean = 0; positive.forEach(function (v) { mean += v; }); mean /= positive.length;
      var variance = 0; positive.forEach(function (v) { variance += (v - mean) * (v - mean); });
      var deviation = Math.sqrt(variance / positive.length);
      if (deviation <= 0) return maximum;
      var kept = 0;
      positive.forEach(function (v) { if ((v - mean) / deviation <= 3.78 && v > kept) kept = v; });
      return kept || maximum;
    }
    function level(v, highest) {
      if (v <= 0 || highest <= 0) return 0;
      if (data.scale === "quantile") {
        for (var q = 0; q < 3; q++) if (v <= highest[q]) return q + 1;
        return 4;
      }
      if (data.scale === "github") {
        if (v > highest) return 4;
        for (var l = 1; l < 4; l++) if (v * 4 <= highest * l) return l;
        return 4;
      }
      var ratio = data.scale === "log" ? Math.log1p(v) / Math.log1p(highest) : v / highest;
      return Math.min(Math.max(Math.ceil(ratio * 4), 1), 4);
    }

    // The views: the command line's window, then every year of the history, newest first.
    var firstDay = data.today, lastDay = data.today;
    for (var i = 0; i < N; i++) { if (C.day[i] < firstDay) firstDay = C.day[i]; if (C.day[i] > lastDay) lastDay = C.day[i]; }
    var views = [];
    var window0 = data.window;
    if (window0.year === null) views.push({ label: window0.label, first: window0.first, last: window0.last, phrase: window0.phrase });
    var topYear = Math.max(parts(lastDay)[0], window0.year || 0), bottomYear = Math.min(parts(firstDay)[0], window0.year || 9999);
    for (var year = topYear; year >= bottomYear; year--) {
      views.push({ label: String(year), year: year, first: dayNumber(year, 1, 1), last: dayNumber(year, 12, 31), phrase: "in " + year });
    }

    var people = data.people.map(function (p) { return { name: p[0], email: p[1], key: (p[0] + " <" + p[1] + ">").toLowerCase() }; });
    var uncredited = {}, assisted = C.agents || {}, hasAssisted = Object.keys(assisted).length > 0;
    C.uncredited.forEach(function (i) { uncredited[i] = true; });
    var state = { peopleSort: "commits", assisted: "all", view: 0, filter: "", repositories: data.repositories.map(function () { return true; }), selected: null, month: null, measure: hasLines ? data.measure : "commits" };
    for (var v = 0; v < views.length; v++) if (views[v].year === window0.year && window0.year !== null) state.view = v;

    // Who each commit counts for, and whether the filters let it in.
    function credits(i) {
      var list = uncredited[i] ? [] : [C.author[i]];
      var extra = C.coAuthors[i];
      return extra ? list.concat(extra) : list;
    }
    var matching = null;
    function updateMatching() {
      var text = state.filter.trim().toLowerCase();
      if (!text) { matching = null; return; }
      matching = people.map(function (p) { return p.key.indexOf(text) >= 0; });
    }
    function included(i) {
      return state.repositories[C.repository[i]] && matchesPeople(i);
    }
    // The AI-assisted switch: every commit, those without an agent, or only those with one.
    function matchesAssisted(i) {
      return state.assisted === "all" || (state.assisted === "only") === (assisted[i] !== undefined);
    }
    function matchesPeople(i) {
      if (!matchesAssisted(i)) return false;
      if (!matching) return true;
      var people = credits(i);
      for (var k = 0; k < people.length; k++) if (matching[people[k]]) return true;
      return false;
    }

    var current = null;
    function compute() {
      var view = views[state.view], length = view.last - view.first + 1;
      var counts = new Array(length).fill(0), byRepository = data.repositories.map(function () { return 0; });
      var commits = new Array(length).fill(0), added = new Array(length).fill(0), removed = new Array(length).fill(0);
      var punch = new Array(168).fill(0), perPerson = {}, chosen = [];
      for (var i = 0; i < N; i++) {
        var d = C.day[i];
        if (d < view.first || d > view.last || !matchesPeople(i)) continue;
        // A hidden repository keeps its count in the breakdown; nothing else counts it.
        byRepository[C.repository[i]]++;
        if (!state.repositories[C.repository[i]]) continue;
        chosen.push(i);
        counts[d - view.first] += weight(i);
        commits[d - view.first]++;
        if (hasLines) { added[d - view.first] += C.insertions[i]; removed[d - view.first] += C.deletions[i]; }
        var row = (weekday(d) - data.weekStart + 7) % 7;
        punch[row * 24 + Math.floor(C.minute[i] / 60)]++;
        credits(i).forEach(function (p) {
          if (matching && !matching[p]) return;
          var entry = perPerson[p] || (perPerson[p] = { person: p, commits: 0, added: 0, removed: 0, days: {}, active: 0, first: d, last: d });
          entry.commits++;
          if (hasLines) { entry.added += C.insertions[i]; entry.removed += C.deletions[i]; }
          if (!entry.days[d]) { entry.days[d] = true; entry.active++; }
          if (d < entry.first) entry.first = d;
          if (d > entry.last) entry.last = d;
        });
      }
      current = { view: view, counts: counts, commits: commits, added: added, removed: removed, highest: thresholds(counts), byRepository: byRepository, punch: punch, perPerson: perPerson, chosen: chosen };
    }
    function countOn(d) {
      var view = current.view;
      return d >= view.first && d <= view.last ? current.counts[d - view.first] : 0;
    }

    // Streaks by the command's rule (StreakRule): units are days, or the grid's weeks; under
    // weekdays a weekend day without commits is not needed; `allowance` needed units in a row
    // may be missed; today's unit may still come.
    function streaks(view, counts) {
      var rule = data.streak || { kind: "daily", allowance: 0, unit: "day" };
      var lead = (weekday(view.first) - data.weekStart + 7) % 7, units = [];
      for (var k = 0; k < counts.length; k++) {
        var d = view.first + k, index = rule.kind === "weekly" ? Math.floor((k + lead) / 7) : k;
        if (units.length && units[units.length - 1].index === index) {
          var u = units[units.length - 1]; u.last = d; u.active = u.active || counts[k] > 0; continue;
        }
        var wd = weekday(d);
        units.push({ index: index, first: d, last: d, active: counts[k] > 0, needed: rule.kind !== "weekdays" || (wd !== 0 && wd !== 6) });
      }
      var today = data.today, inView = today >= view.first && today <= view.last;
      var todayUnit = inView ? (rule.kind === "weekly" ? Math.floor((today - view.first + lead) / 7) : today - view.first) : Infinity;
      var longest = null, run = null, runEnd = -1, missed = 0;
      units.forEach(function (u, i) {
        if (!u.active && u.index >= todayUnit) return;
        if (u.active) {
          if (run) { run.end = u.last; run.length++; } else run = { start: u.first, end: u.last, length: 1 };
          runEnd = i; missed = 0;
          if (!longest || run.length >= longest.length) longest = { start: run.start, end: run.end, length: run.length };
        } else if (u.needed && run) { missed++; if (missed > rule.allowance) run = null; }
      });
      var current = null;
      if (run && inView) {
        var gap = 0;
        units.forEach(function (u, i) { if (i > runEnd && u.index < todayUnit && u.needed) gap++; });
        if (gap <= rule.allowance) current = run;
      }
      return { longest: longest, current: current, inView: inView, rule: rule };
    }
    function streakWords(length, rule) {
      var notes = [];
      if (rule.kind === "weekdays") notes.push("weekdays");
      if (rule.allowance > 0) notes.push(count(rule.allowance, rule.unit) + " off allowed");
      return count(length, rule.unit) + (notes.length ? " (" + notes.join(", ") + ")" : "");
    }

    function statistics() {
      var view = current.view, counts = current.counts, total = 0, active = 0, best = null;
      for (var k = 0; k < counts.length; k++) {
        var d = view.first + k, v = counts[k];
        total += v;
        if (v > 0) {
          active++;
          if (!best || v >= best.count) best = { day: d, count: v };
        }
      }
      var found = streaks(view, counts);
      var items = [count(active, "active day"), "longest streak " + streakWords(found.longest ? found.longest.length : 0, found.rule)];
      if (found.inView) items.push("current streak " + streakWords(found.current ? found.current.length : 0, found.rule));
      if (best) items.push("busiest day " + longDate(best.day) + " (" + amount(best.count) + ")");
      var commits = 0, added = 0, removed = 0;
      for (var j = 0; j < counts.length; j++) { commits += current.commits[j]; added += current.added[j]; removed += current.removed[j]; }
      var words = state.measure === "commits" ? count(commits, "commit") : count(added, "line") + " added and " + grouped(removed) + " removed in " + count(commits, "commit");
      return { total: total, items: items, words: words };
    }

    function drawHeader() {
      var stats = statistics(), view = current.view;
      var headline = stats.words + " " + view.phrase;
      if (matching) headline += " by people matching \u201c" + state.filter.trim() + "\u201d";
      $("headline").textContent = headline;
      $("statistics").textContent = stats.items.join(" \u00b7 ");
    }

    function drawYears() {
      var list = document.querySelector("#years ul");
      list.textContent = "";
      views.forEach(function (view, index) {
        var button = el("button", { type: "button", "aria-pressed": index === state.view ? "true" : "false", "data-view": String(index) }, view.label);
        button.addEventListener("click", function () { showView(index); });
        var item = el("li"); item.appendChild(button); list.appendChild(item);
      });
    }

    function drawRepositories() {
      var set = $("repositories");
      if (data.repositories.length < 2) { set.hidden = true; $("breakdown").textContent = ""; return; }
      set.hidden = false;
      if (!set.querySelector("input")) {
        data.repositories.forEach(function (name, index) {
          var box = el("input", { type: "checkbox", id: "repository-" + index, "data-repository": String(index) });
          box.checked = true;
          box.addEventListener("change", function () { state.repositories[index] = box.checked; redraw(); });
          var label = el("label", { "for": "repository-" + index });
          label.appendChild(box);
          label.appendChild(document.createTextNode(" "));
          label.appendChild(el("bdi", null, name));
          set.appendChild(label);
        });
      }
      var parts = data.repositories.map(function (name, index) {
        var n = current.byRepository[index];
        return (index === 0 ? count(n, "commit") : grouped(n)) + " in " + name + (state.repositories[index] ? "" : " (hidden)");
      });
      $("breakdown").textContent = parts.join(", ");
    }

    function dayLabel(d) {
      var view = current.view, k = d - view.first, inView = d >= view.first && d <= view.last;
      // An empty day says so as GitHub says it.
      if (!inView || current.commits[k] === 0) return longDate(d) + ": No contributions";
      var text = longDate(d) + ": " + count(current.commits[k], "commit");
      return hasLines ? text + ", " + plusMinus(current.added[k], current.removed[k]) : text;
    }

    function drawGraph() {
      var view = current.view, start = view.first - (weekday(view.first) - data.weekStart + 7) % 7;
      var weeks = Math.ceil((view.last - start + 1) / 7);
      var table = el("table", { "class": "grid", role: "grid", "aria-readonly": "true", "aria-labelledby": "headline" });
      var head = el("thead"), headRow = el("tr");
      headRow.appendChild(el("th", { scope: "col" }, "")).appendChild(el("span", { "class": "sr" }, "Day of the week"));
      var labels = [], spansYears = parts(view.first)[0] !== parts(view.last)[0];
      // A label where a column's first day (in the view) falls in another month than the
      // column before's, as GitHub places them.
      for (var w = 0; w < weeks; w++) {
        var top = Math.max(start + w * 7, view.first), p = parts(top);
        if (!labels.length || labels[labels.length - 1].month !== p[1]) labels.push({ column: w, month: p[1], year: p[0] });
      }
      if (labels.length > 1 && labels[1].column - labels[0].column < 2) labels.shift();
      var column = 0;
      labels.forEach(function (label, index) {
        if (label.column > column) { headRow.appendChild(el("td", { colspan: String(label.column - column) })); column = label.column; }
        var span = (index + 1 < labels.length ? labels[index + 1].column : weeks) - label.column;
        var name = MONTHS[label.month - 1].slice(0, 3);
        // The year on January's label (as -i names it), or on the first when the view holds
        // no January.
        if (spansYears && (label.month === 1 || (index === 0 && !labels.some(function (l) { return l.month === 1; })))) name += " " + label.year;
        var th = el("th", { scope: "col", colspan: String(span) });
        th.appendChild(el("span", { "aria-hidden": "true" }, name));
        th.appendChild(el("span", { "class": "sr" }, MONTHS[label.month - 1] + " " + label.year));
        headRow.appendChild(th);
        column += span;
      });
      head.appendChild(headRow); table.appendChild(head);
      var body = el("tbody");
      var focusDay = state.selected !== null && state.selected >= view.first && state.selected <= view.last ? state.selected : Math.min(Math.max(data.today, view.first), view.last);
      for (var row = 0; row < 7; row++) {
        var tr = el("tr"), name = DAYS[(data.weekStart + row) % 7];
        var shown = row === 1 || row === 3 || row === 5 || (row === 0 && data.weekStart !== 0);
        var th = el("th", { scope: "row" });
        th.appendChild(el("span", { "aria-hidden": "true" }, shown ? name.slice(0, 3) : ""));
        th.appendChild(el("span", { "class": "sr" }, name));
        tr.appendChild(th);
        for (var w2 = 0; w2 < weeks; w2++) {
          var day = start + w2 * 7 + row;
          if (day < view.first || day > view.last) { tr.appendChild(el("td", { "class": "pad" })); continue; }
          var v = countOn(day), l = level(v, current.highest), k2 = day - view.first;
          // A day that removed more lines than it added is red, as the SVG draws it.
          var tone = l > 0 && (state.measure === "deletions" || (state.measure === "lines" && current.removed[k2] > current.added[k2])) ? "r" : "l";
          var td = el("td", { "class": "day " + tone + l + (day === state.selected ? " selected" : ""), role: "gridcell", "data-date": iso(day), "data-day": String(day), "data-count": String(v), "data-level": String(l), tabindex: day === focusDay ? "0" : "-1", "aria-selected": day === state.selected ? "true" : "false" });
          td.appendChild(el("span", { "class": "sr" }, dayLabel(day)));
          tr.appendChild(td);
        }
        body.appendChild(tr);
      }
      table.appendChild(body);
      table.addEventListener("click", function (event) {
        var cell = event.target.closest("td.day");
        if (cell) selectDay(Number(cell.getAttribute("data-day")), true);
      });
      table.addEventListener("keydown", onGridKey);
      table.addEventListener("mouseover", function (event) { var cell = event.target.closest("td.day"); if (cell) showTooltip(cell); });
      table.addEventListener("mouseout", hideTooltip);
      table.addEventListener("focusin", function (event) { var cell = event.target.closest("td.day"); if (cell) showTooltip(cell); });
      table.addEventListener("focusout", hideTooltip);
      var graph = $("graph"); graph.textContent = ""; graph.appendChild(table);
    }

    function showTooltip(cell) {
      var tip = $("tooltip"), box = cell.getBoundingClientRect();
      tip.textContent = dayLabel(Number(cell.getAttribute("data-day")));
      tip.hidden = false;
      var left = box.left + window.scrollX + box.width / 2 - tip.offsetWidth / 2;
      left = Math.max(window.scrollX + 4, Math.min(left, window.scrollX + document.documentElement.clientWidth - tip.offsetWidth - 4));
      tip.style.left = left + "px";
      tip.style.top = (box.top + window.scrollY - tip.offsetHeight - 6) + "px";
    }
    function hideTooltip() { $("tooltip").hidden = true; }

    function onGridKey(event) {
      var view = current.view, d = state.selected !== null && state.selected >= view.first && state.selected <= view.last ? state.selected : Number(document.activeElement.getAttribute("data-day"));
      if (isNaN(d)) return;
      var moves = { ArrowUp: -1, ArrowDown: 1, ArrowLeft: -7, ArrowRight: 7 };
      var target;
      if (event.key in moves) target = d + moves[event.key];
      else if (event.key === "Home") target = view.first;
      else if (event.key === "End") target = view.last;
      else if (event.key === "Enter" || event.key === " ") target = d;
      else return;
      event.preventDefault();
      selectDay(Math.min(Math.max(target, view.first), view.last), true);
    }

    function selectDay(d, focus) {
      if (data.countsOnly) return;
      state.selected = d;
      state.month = null;
      document.querySelectorAll("td.day.selected").forEach(function (c) { c.classList.remove("selected"); c.setAttribute("aria-selected", "false"); c.setAttribute("tabindex", "-1"); });
      var cell = document.querySelector('table.grid td.day[data-day="' + d + '"]');
      if (cell) {
        document.querySelectorAll('table.grid td.day[tabindex="0"]').forEach(function (c) { c.setAttribute("tabindex", "-1"); });
        cell.classList.add("selected"); cell.setAttribute("aria-selected", "true"); cell.setAttribute("tabindex", "0");
        if (focus) cell.focus();
      }
      drawDay();
      drawCalendar();
    }

    function hash(i) { return C.id.substr(i * C.idLength, C.idLength); }
    function time(i) {
      var m = C.minute[i], o = C.offset[i], a = Math.abs(o);
      return two(Math.floor(m / 60)) + ":" + two(m % 60) + " " + (o < 0 ? "-" : "+") + two(Math.floor(a / 60)) + two(a % 60);
    }
    function commitLink(i) {
      var full = hash(i);
      return data.url.split("%H").join(full).split("%h").join(full.slice(0, 10));
    }

    function drawDay() {
      var box = $("day-commits"); box.textContent = "";
      var d = state.selected;
      if (d === null) { $("day-heading").textContent = "Choose a day"; $("day-totals").textContent = "Click a day of the graph, or move to it with the arrow keys, to list its commits."; return; }
      var list = [], week = 0, month = 0, p = parts(d);
      var weekFirst = d - (weekday(d) - data.weekStart + 7) % 7;
      for (var i = 0; i < N; i++) {
        var c = C.day[i];
        if (!included(i)) continue;
        if (c === d) list.push(i);
        if (c >= weekFirst && c < weekFirst + 7) week++;
        var q = parts(c); if (q[0] === p[0] && q[1] === p[1]) month++;
      }
      $("day-heading").textContent = longDate(d);
      $("day-totals").textContent = count(list.length, "commit") + " on the day \u00b7 " + count(week, "commit") + " in the week from " + shortDate(weekFirst) + " \u00b7 " + count(month, "commit") + " in " + MONTHS[p[1] - 1] + " " + p[0];
      if (!list.length) { box.appendChild(el("p", null, "No commits on this day.")); return; }
      box.appendChild(el("p", { "class": "order" }, "Newest first, by the moment each was written; times on " + data.clock + "."));
      var groups = data.repositories.map(function () { return []; });
      list.forEach(function (i) { groups[C.repository[i]].push(i); });
      groups.forEach(function (items, r) {
        if (!items.length) return;
        if (data.repositories.length > 1) box.appendChild(el("h3", null, data.repositories[r] + ": " + count(items.length, "commit")));
        var ol = el("ol", { "class": "commits", "data-repository": String(r) });
        items.forEach(function (i) {
          var li = el("li", { "data-id": hash(i) });
          var short = hash(i).slice(0, 10);
          if (data.url) { var a = el("a", { "class": "hash", href: commitLink(i) }, short); li.appendChild(a); }
          else li.appendChild(el("code", { "class": "hash" }, short));
          li.appendChild(el("span", { "class": "time" }, time(i)));
          if (hasLines) {
            var change = el("span", { "class": "change" });
            change.appendChild(el("span", { "class": "added" }, "+" + grouped(C.insertions[i])));
            change.appendChild(document.createTextNode(" "));
            change.appendChild(el("span", { "class": "removed" }, "\u2212" + grouped(C.deletions[i])));
            li.appendChild(change);
          }
          var author = el("span", { "class": "author" }); author.appendChild(el("bdi", null, people[C.author[i]].name)); li.appendChild(author);
          var subject = el("span", { "class": "subject" }); subject.appendChild(el("bdi", null, C.subject[i])); li.appendChild(subject);
          if (assisted[i] !== undefined) li.appendChild(el("span", { "class": "agents" }, "AI-assisted: " + assisted[i]));
          var extra = C.coAuthors[i];
          if (extra) {
            var co = el("span", { "class": "co" }, "with ");
            extra.forEach(function (p, k) { if (k) co.appendChild(document.createTextNode(", ")); co.appendChild(el("bdi", null, people[p].name)); });
            li.appendChild(co);
          }
          ol.appendChild(li);
        });
        box.appendChild(ol);
      });
    }

    function drawPeople() {
      var rows = Object.keys(current.perPerson).map(function (k) { return current.perPerson[k]; });
      // Most of the chosen column first (commits unless a lines column was chosen), then by name.
      var by = state.peopleSort;
      function value(row) { return by === "net" ? row.added - row.removed : row[by]; }
      rows.sort(function (a, b) { return value(b) - value(a) || b.commits - a.commits || (people[a.person].key < people[b.person].key ? -1 : people[a.person].key > people[b.person].key ? 1 : 0); });
      document.querySelectorAll("#author-table thead th[data-sort]").forEach(function (th) {
        th.setAttribute("aria-sort", th.getAttribute("data-sort") === by ? "descending" : "none");
      });
      var body = document.querySelector("#author-table tbody"); body.textContent = "";
      var fragment = document.createDocumentFragment();
      rows.forEach(function (row) {
        var person = people[row.person], tr = el("tr", { "data-person": String(row.person) });
        var th = el("th", { scope: "row" }); th.appendChild(el("bdi", null, person.name));
        if (person.email) { th.appendChild(document.createTextNode(" ")); var e = el("span", { "class": "email" }); e.appendChild(el("bdi", null, "<" + person.email + ">")); th.appendChild(e); }
        tr.appendChild(th);
        tr.appendChild(el("td", { "class": "number" }, grouped(row.commits)));
        if (hasLines) {
          tr.appendChild(el("td", { "class": "number" }, "+" + grouped(row.added)));
          tr.appendChild(el("td", { "class": "number" }, "\u2212" + grouped(row.removed)));
          var net = row.added - row.removed;
          tr.appendChild(el("td", { "class": "number" }, (net < 0 ? "\u2212" : "+") + grouped(Math.abs(net))));
        }
        tr.appendChild(el("td", { "class": "number" }, grouped(row.active)));
        tr.appendChild(el("td", null, iso(row.first)));
        tr.appendChild(el("td", null, iso(row.last)));
        fragment.appendChild(tr);
      });
      body.appendChild(fragment);
      $("people-caption").textContent = count(rows.length, "person").replace("persons", "people") + " " + current.view.phrase + (matching ? ", matching \u201c" + state.filter.trim() + "\u201d" : "");
    }

    // Code frequency: the view's weeks (the graph's columns), lines added up in green and
    // removed down in red, cut as CodeFrequency cuts them (four times the 75th percentile).
    function drawFrequency() {
      var view = current.view, weeks = [], lead = (weekday(view.first) - data.weekStart + 7) % 7;
      for (var k = 0; k < current.added.length; k++) {
        var w = Math.floor((k + lead) / 7);
        if (!weeks[w]) weeks[w] = { first: view.first + k, added: 0, removed: 0 };
        weeks[w].added += current.added[k]; weeks[w].removed += current.removed[k];
      }
      var active = [];
      weeks.forEach(function (x) { if (x.added > 0) active.push(x.added); if (x.removed > 0) active.push(x.removed); });
      active.sort(function (a, b) { return a - b; });
      var cap = 0;
      if (active.length) {
        var largest = active[active.length - 1], q = active[Math.max(0, Math.ceil(3 * active.length / 4) - 1)];
        cap = largest <= 4 * q ? largest : 4 * q;
      }
      var NS = "http://www.w3.org/2000/svg", pitch = 13, half = 44, width = weeks.length * pitch, height = 2 * half + 2;
      var svg = document.createElementNS(NS, "svg");
      svg.setAttribute("viewBox", "0 0 " + width + " " + height); svg.setAttribute("width", String(width)); svg.setAttribute("height", String(height));
      svg.setAttribute("role", "img"); svg.setAttribute("aria-labelledby", "frequency-caption");
      function rect(cls, x, y, w, h) { var r = document.createElementNS(NS, "rect"); r.setAttribute("class", cls); r.setAttribute("x", String(x)); r.setAttribute("y", String(y)); r.setAttribute("width", String(w)); r.setAttribute("height", String(h)); return r; }
      svg.appendChild(rect("axis", 0, half, width, 1));
      weeks.forEach(function (x, i) {
        var g = document.createElementNS(NS, "g"), t = document.createElementNS(NS, "title");
        t.textContent = "Week of " + longDate(x.first) + ": " + (x.added || x.removed ? count(x.added, "line") + " added, " + grouped(x.removed) + " removed" : "No contributions");
        g.appendChild(t);
        g.appendChild(rect("hit", i * pitch, 0, 10, height));
        if (x.added > 0) { var a = Math.max(1, Math.round(Math.min(1, x.added / cap) * half)); g.appendChild(rect("add" + (x.added > cap ? " cut" : ""), i * pitch, half - a, 10, a)); }
        if (x.removed > 0) { var r = Math.max(1, Math.round(Math.min(1, x.removed / cap) * half)); g.appendChild(rect("del" + (x.removed > cap ? " cut" : ""), i * pitch, half + 1, 10, r)); }
        svg.appendChild(g);
      });
      var added = 0, removed = 0;
      weeks.forEach(function (x) { added += x.added; removed += x.removed; });
      $("frequency-caption").textContent = count(added, "line") + " added and " + grouped(removed) + " removed " + view.phrase + ", a week a bar; a full bar is " + count(cap, "line") + (active.length && active[active.length - 1] > cap ? ", taller weeks cut (outlined)" : "");
      var box = $("frequency"); box.textContent = ""; box.appendChild(svg);
    }

    function drawPunchcard() {
      var card = current.punch, highest = thresholds(card), total = 0;
      card.forEach(function (v) { total += v; });
      $("punchcard-caption").textContent = count(total, "commit") + " " + current.view.phrase + " by weekday and hour, on " + data.clock;
      var table = el("table", { "class": "grid punchcard" });
      table.appendChild(el("caption", { "class": "sr" }, "Commits by weekday and hour " + current.view.phrase));
      var head = el("thead"), tr = el("tr");
      tr.appendChild(el("td"));
      for (var h = 0; h < 24; h++) {
        var th = el("th", { scope: "col" });
        th.appendChild(el("span", { "aria-hidden": "true" }, h % 3 === 0 ? String(h) : ""));
        th.appendChild(el("span", { "class": "sr" }, two(h) + ":00"));
        tr.appendChild(th);
      }
      head.appendChild(tr); table.appendChild(head);
      var body = el("tbody");
      for (var row = 0; row < 7; row++) {
        var line = el("tr"), name = DAYS[(data.weekStart + row) % 7];
        var rowHead = el("th", { scope: "row" }, name.slice(0, 3)); line.appendChild(rowHead);
        for (var hour = 0; hour < 24; hour++) {
          // As Punchcard has it: a level never exceeds the count.
          var v = card[row * 24 + hour], cell = el("td", { "class": "l" + Math.min(level(v, highest), v), "data-count": String(v) });
          cell.appendChild(el("span", { "class": "sr" }, name + "s " + two(hour) + ":00\u2013" + two((hour + 1) % 24) + ":00: " + count(v, "commit")));
          cell.setAttribute("title", name + "s " + two(hour) + ":00\u2013" + two((hour + 1) % 24) + ":00: " + count(v, "commit"));
          line.appendChild(cell);
        }
        body.appendChild(line);
      }
      table.appendChild(body);
      var box = $("punchcard"); box.textContent = ""; box.appendChild(table);
    }

    function monthsOfView() {
      var view = current.view, months = [], p = parts(view.first), end = parts(Math.min(view.last, Math.max(data.today, view.first)));
      var y = p[0], m = p[1];
      while (y < end[0] || (y === end[0] && m <= end[1])) { months.push([y, m]); m++; if (m > 12) { m = 1; y++; } }
      return months;
    }
    function drawCalendar() {
      var select = $("month"), months = monthsOfView();
      var chosen = state.month;
      if (!chosen && state.selected !== null) { var s = parts(state.selected); chosen = [s[0], s[1]]; }
      if (!chosen || !months.some(function (m) { return m[0] === chosen[0] && m[1] === chosen[1]; })) {
        chosen = months[months.length - 1];
        for (var k = months.length - 1; k >= 0; k--) {
          var a = dayNumber(months[k][0], months[k][1], 1), b = dayNumber(months[k][0], months[k][1] + 1, 1) - 1, any = false;
          for (var d = a; d <= b && !any; d++) if (countOn(d) > 0) any = true;
          if (any) { chosen = months[k]; break; }
        }
      }
      select.textContent = "";
      months.forEach(function (m) {
        var option = el("option", { value: m[0] + "-" + m[1] }, MONTHS[m[1] - 1] + " " + m[0]);
        if (m[0] === chosen[0] && m[1] === chosen[1]) option.selected = true;
        select.appendChild(option);
      });
      var first = dayNumber(chosen[0], chosen[1], 1), last = dayNumber(chosen[0], chosen[1] + 1, 1) - 1;
      var lead = (weekday(first) - data.weekStart + 7) % 7;
      // One tile in the Tab order (the chosen day, else the month's first busy day); the
      // arrow keys move between tiles and Enter or Space opens a day, as in the graph.
      var focusTile = state.selected !== null && state.selected >= first && state.selected <= last ? state.selected : null;
      for (var f = first; f <= last && focusTile === null; f++) if (countOn(f) > 0) focusTile = f;
      if (focusTile === null) focusTile = first;
      var table = el("table", { "class": "month", role: "grid", "aria-readonly": "true" });
      table.appendChild(el("caption", { "class": "sr" }, MONTHS[chosen[1] - 1] + " " + chosen[0]));
      var head = el("thead"), tr = el("tr");
      for (var c = 0; c < 7; c++) { var name = DAYS[(data.weekStart + c) % 7]; var th = el("th", { scope: "col", abbr: name }, name.slice(0, 3)); tr.appendChild(th); }
      head.appendChild(tr); table.appendChild(head);
      var body = el("tbody"), row = el("tr");
      for (var e = 0; e < lead; e++) row.appendChild(el("td", { "class": "empty" }));
      for (var day = first; day <= last; day++) {
        if ((day - first + lead) % 7 === 0 && day !== first) { body.appendChild(row); row = el("tr"); }
        var v = countOn(day), td = el("td", { "class": "l" + level(v, current.highest) + (day === state.selected ? " selected" : ""), role: "gridcell", tabindex: day === focusTile ? "0" : "-1", "aria-selected": day === state.selected ? "true" : "false", "data-day": String(day), "data-count": String(v) });
        td.appendChild(el("span", { "aria-hidden": "true" }, String(parts(day)[2])));
        td.appendChild(el("span", { "class": "sr" }, dayLabel(day, v)));
        row.appendChild(td);
      }
      body.appendChild(row); table.appendChild(body);
      table.addEventListener("click", function (event) {
        var cell = event.target.closest("td[data-day]");
        if (cell) { var d2 = Number(cell.getAttribute("data-day")); if (d2 >= current.view.first && d2 <= current.view.last) selectDay(d2, false); }
      });
      table.addEventListener("keydown", function (event) {
        var cell = event.target.closest("td[data-day]");
        if (!cell) return;
        var d3 = Number(cell.getAttribute("data-day")), moves = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };
        if (event.key === "Enter" || event.key === " ") {
          event.preventDefault();
          if (d3 >= current.view.first && d3 <= current.view.last) selectDay(d3, false);
          var again = document.querySelector('#calendar td[data-day="' + d3 + '"]');
          if (again) again.focus();
          return;
        }
        var next = event.key in moves ? table.querySelector('td[data-day="' + (d3 + moves[event.key]) + '"]') : null;
        if (!next) return;
        event.preventDefault();
        cell.setAttribute("tabindex", "-1"); next.setAttribute("tabindex", "0"); next.focus();
      });
      var box = $("calendar"); box.textContent = ""; box.appendChild(table);
    }

    function redraw() {
      compute();
      drawHeader();
      drawGraph();
      if (hasLines) drawFrequency();
      // A counts-only page holds days and counts: no commits to list, people or repositories.
      if (data.countsOnly) return;
      drawRepositories();
      drawDay();
      drawPeople();
      drawPunchcard();
      drawCalendar();
    }
    function showView(index) {
      state.view = index;
      var view = views[index];
      if (state.selected !== null && (state.selected < view.first || state.selected > view.last)) state.selected = null;
      state.month = null;
      document.querySelectorAll("#years button").forEach(function (b) { b.setAttribute("aria-pressed", Number(b.getAttribute("data-view")) === index ? "true" : "false"); });
      redraw();
    }

    $("month").addEventListener("change", function () {
      var value = $("month").value.split("-");
      state.month = [Number(value[0]), Number(value[1])];
      drawCalendar();
    });
    var pending = 0;
    $("filter").addEventListener("input", function () {
      state.filter = $("filter").value;
      if (pending) cancelAnimationFrame(pending);
      pending = requestAnimationFrame(function () {
        pending = 0; updateMatching(); redraw();
        document.documentElement.setAttribute("data-filter", state.filter);
      });
    });
    if (hasLines) {
      document.querySelectorAll(".lines-only").forEach(function (e) { e.hidden = false; });
      document.querySelectorAll("#author-table thead th[data-sort] button").forEach(function (b) {
        b.addEventListener("click", function () { state.peopleSort = b.parentNode.getAttribute("data-sort"); drawPeople(); });
      });
      $("measure-control").hidden = false;
      $("measure").value = state.measure;
      $("measure").addEventListener("change", function () { state.measure = $("measure").value; redraw(); });
    }
    if (hasAssisted) {
      $("assisted-control").hidden = false;
      $("assisted").addEventListener("change", function () { state.assisted = $("assisted").value; redraw(); });
    }
    document.querySelectorAll("[data-script]").forEach(function (e) { e.hidden = false; });
    drawYears();
    redraw();
    document.documentElement.setAttribute("data-filter", "");
    document.documentElement.setAttribute("data-ready", "1");
    })();
    """#
}
